/**
 * The 24 demo retailers (generate.ts), and per origin the retailers whose stock the diamond generator draws from.
 */
import { PRODUCT_NAME, slugify } from "../enums";
import { type Rng, rng, seedOf } from "./random";
import type { RetailerRow } from "./rows";
import { RETAILER_TYPE, retailerAccepts, retailerImageUrls, round1 } from "./generate";

interface RetailerSpec {
  name: string;
  type: number;
  tradeType: string;
  /** The US location: city, two-letter state, five-digit ZIP, WGS84 degrees (real places, invented addresses). */
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  founded: number;
  hidden?: boolean;
  /** No logo: listed with status 2 but kept out of the directory (§4 keeps only retailers with a logoUrl). */
  noLogo?: boolean;
}

const { natural: N, lab: L, both: B } = RETAILER_TYPE;

/** 24 invented retailers (10 natural-only, 8 lab-only, 6 both; two hidden, one without a logo), each in a US city. Ids are positions + 1. */
export const RETAILER_SPECS: readonly RetailerSpec[] = [
  { name: "Aldergate Diamonds", type: N, tradeType: "Online retailer", city: "New York", state: "NY", zip: "10036", lat: 40.759, lng: -73.9845, founded: 1998 },
  {
    name: "Northlight Lab Diamonds",
    type: L,
    tradeType: "Online retailer",
    city: "Austin",
    state: "TX",
    zip: "78701",
    lat: 30.2711,
    lng: -97.7437,
    founded: 2016,
  },
  {
    name: "Meridian & Vale",
    type: B,
    tradeType: "Jeweller with showroom",
    city: "Washington",
    state: "DC",
    zip: "20005",
    lat: 38.9043,
    lng: -77.0322,
    founded: 1987,
  },
  { name: "Harrowgate Stone Co", type: N, tradeType: "Wholesaler", city: "Newark", state: "NJ", zip: "07102", lat: 40.7357, lng: -74.1724, founded: 1969 },
  {
    name: "Pinecrest Created Gems",
    type: L,
    tradeType: "Manufacturer",
    city: "San Jose",
    state: "CA",
    zip: "95113",
    lat: 37.3337,
    lng: -121.8907,
    founded: 2014,
  },
  {
    name: "Quillfeather & Sons",
    type: N,
    tradeType: "Jeweller with showroom",
    city: "Boston",
    state: "MA",
    zip: "02108",
    lat: 42.3576,
    lng: -71.0646,
    founded: 1952,
  },
  {
    name: "Larkspur Atelier",
    type: B,
    tradeType: "Online retailer",
    city: "San Francisco",
    state: "CA",
    zip: "94108",
    lat: 37.7929,
    lng: -122.4079,
    founded: 2009,
  },
  {
    name: "Copperbeech Jewellers",
    type: N,
    tradeType: "Jeweller with showroom",
    city: "Chicago",
    state: "IL",
    zip: "60602",
    lat: 41.8829,
    lng: -87.6293,
    founded: 1976,
  },
  { name: "Brightfold Lab Co", type: L, tradeType: "Online retailer", city: "Denver", state: "CO", zip: "80202", lat: 39.7525, lng: -104.9995, founded: 2019 },
  {
    name: "Maren O'Dell Fine Jewelry",
    type: N,
    tradeType: "Online retailer",
    city: "Seattle",
    state: "WA",
    zip: "98101",
    lat: 47.6114,
    lng: -122.3305,
    founded: 2004,
  },
  { name: "Ember & Facet", type: L, tradeType: "Online retailer", city: "Los Angeles", state: "CA", zip: "90014", lat: 34.0446, lng: -118.2546, founded: 2018 },
  { name: "Tidewell Diamond Co", type: B, tradeType: "Wholesaler", city: "Miami", state: "FL", zip: "33132", lat: 25.7781, lng: -80.1863, founded: 1993 },
  { name: "Saltmarsh Gem House", type: N, tradeType: "Wholesaler", city: "Minneapolis", state: "MN", zip: "55402", lat: 44.976, lng: -93.2713, founded: 1981 },
  { name: "Cloudmere Labs", type: L, tradeType: "Manufacturer", city: "San Diego", state: "CA", zip: "92101", lat: 32.7194, lng: -117.1628, founded: 2015 },
  {
    name: "Oakhaven Diamond Exchange",
    type: N,
    tradeType: "Wholesaler",
    city: "New York",
    state: "NY",
    zip: "10017",
    lat: 40.752,
    lng: -73.9722,
    founded: 1962,
  },
  {
    name: "Halden & Rye",
    type: B,
    tradeType: "Jeweller with showroom",
    city: "Detroit",
    state: "MI",
    zip: "48226",
    lat: 42.3314,
    lng: -83.0466,
    founded: 2001,
  },
  {
    name: "Kestrel Grown Diamonds",
    type: L,
    tradeType: "Online retailer",
    city: "Phoenix",
    state: "AZ",
    zip: "85004",
    lat: 33.451,
    lng: -112.071,
    founded: 2020,
  },
  { name: "Tessellate Gems", type: N, tradeType: "Online retailer", city: "Atlanta", state: "GA", zip: "30303", lat: 33.7525, lng: -84.3915, founded: 2011 },
  {
    name: "Wrenfield Brothers",
    type: N,
    tradeType: "Manufacturer",
    city: "Nashville",
    state: "TN",
    zip: "37203",
    lat: 36.15,
    lng: -86.79,
    founded: 1958,
    hidden: true,
  },
  {
    name: "Solenne Lab Jewels",
    type: L,
    tradeType: "Online retailer",
    city: "New Orleans",
    state: "LA",
    zip: "70130",
    lat: 29.9511,
    lng: -90.0715,
    founded: 2021,
    noLogo: true,
  },
  {
    name: "Silverfen Jewellers",
    type: B,
    tradeType: "Jeweller with showroom",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    lat: 32.7876,
    lng: -96.7994,
    founded: 1990,
  },
  {
    name: "Lanternfall Diamonds",
    type: N,
    tradeType: "Online retailer",
    city: "Portland",
    state: "OR",
    zip: "97205",
    lat: 45.5202,
    lng: -122.6859,
    founded: 2013,
  },
  {
    name: "Glasswing Lab Diamonds",
    type: L,
    tradeType: "Manufacturer",
    city: "Houston",
    state: "TX",
    zip: "77002",
    lat: 29.756,
    lng: -95.365,
    founded: 2017,
    hidden: true,
  },
  {
    name: "Morrow Lane Diamonds",
    type: B,
    tradeType: "Online retailer",
    city: "Philadelphia",
    state: "PA",
    zip: "19106",
    lat: 39.9496,
    lng: -75.1503,
    founded: 2007,
  },
];

const FEATURE_GROUPS: readonly (readonly [string, readonly string[]])[] = [
  ["Shipping and returns", ["Free insured shipping", "30-day returns", "Free resizing"]],
  ["Quality", ["Lifetime warranty", "Conflict-free guarantee", "In-house gemologists", "Free appraisal"]],
  ["Service", ["Virtual appointments", "Showroom appointments", "Upgrade program", "Financing"]],
];
const SOCIAL_NETWORKS = ["instagram", "facebook", "pinterest", "youtube", "tiktok"] as const;

const retailerRng = (id: number): Rng => rng(seedOf("retailer", id));

/** Price markup of a retailer over the model price, fixed per retailer, in [0.96, 1.06]. */
/** Whether a demo retailer's feed carries photographs (every fourth one does not); a stone with a video always has stills. */
export function retailerSendsPhotos(id: number): boolean {
  return id % 4 !== 0;
}

export function retailerMarkup(id: number): number {
  return Math.round(retailerRng(id).range(0.96, 1.06) * 1000) / 1000;
}

function originPhrase(type: number): string {
  if (type === RETAILER_TYPE.natural) return "natural diamonds";
  if (type === RETAILER_TYPE.lab) return "lab-grown diamonds";
  return "natural and lab-grown diamonds";
}

function retailerRow(spec: RetailerSpec, id: number): RetailerRow {
  const r = retailerRng(id);
  r.next(); // the markup draw (see retailerMarkup)
  const slug = slugify(spec.name);
  const images = retailerImageUrls(slug);
  const features = FEATURE_GROUPS.flatMap(([group, names]) => names.map((name) => ({ group, name, active: r.chance(0.65) })));
  const networks = SOCIAL_NETWORKS.filter(() => r.chance(0.6));
  const sociallinks = (networks.length ? networks : [SOCIAL_NETWORKS[0]]).map((network) => ({
    network,
    url: `https://${network}.example.com/${slug}`,
  }));
  const ratings = ["google", "trustpilot"].map((provider) => ({
    provider,
    rating: round1(r.range(4.1, 4.95)),
    count: r.int(40, 9000),
  }));
  const trade = spec.tradeType.toLowerCase();
  return {
    id,
    name: spec.name,
    slugurl: slug,
    type: spec.type,
    status: spec.hidden ? 1 : 2,
    logo_url: spec.noLogo ? "" : images.logo,
    small_logo_url: spec.noLogo ? "" : images.small,
    description:
      `${spec.name} is ${/^[aeiou]/.test(trade) ? "an" : "a"} ${trade} of ${originPhrase(spec.type)}, ` +
      `based in ${spec.city}, ${spec.state} since ${spec.founded}. Every stone listed on ${PRODUCT_NAME} comes with its grading report.`,
    websiteurl: `https://${slug}.example`,
    seller_trade_type: spec.tradeType,
    email: `hello@${slug}.example`,
    phone: `+1 (${r.int(201, 989)}) 555-01${String(id).padStart(2, "0")}`,
    about_image: images.about,
    features: JSON.stringify(features),
    sociallinks: JSON.stringify(sociallinks),
    ratings: JSON.stringify(ratings),
    postal_code: spec.zip,
    city: spec.city,
    state: spec.state,
    latitude: spec.lat,
    longitude: spec.lng,
  };
}

/** The 24 demo retailers, ids 1..24 (10 natural-only, 8 lab-only, 6 both; status 1 = hidden for two of them). */
export function generateRetailers(): RetailerRow[] {
  return RETAILER_SPECS.map((spec, i) => retailerRow(spec, i + 1));
}

/** Per origin: the retailers that sell it, each with a fixed share weight and markup. */
export const retailerPools = ((): Record<"natural" | "lab", readonly (readonly [{ id: number; markup: number }, number])[]> => {
  const pool = (isLab: boolean) =>
    RETAILER_SPECS.flatMap((spec, i) => {
      const id = i + 1;
      if (!retailerAccepts(spec.type, isLab)) return [];
      const share = 0.5 + 1.5 * rng(seedOf("retailer-share", id)).next();
      return [[{ id, markup: retailerMarkup(id) }, spec.hidden ? share / 3 : share] as const];
    });
  return { natural: pool(false), lab: pool(true) };
})();
