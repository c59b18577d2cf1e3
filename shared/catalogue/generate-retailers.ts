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
  city: string;
  founded: number;
  hidden?: boolean;
}

const { natural: N, lab: L, both: B } = RETAILER_TYPE;

/** 24 invented retailers (10 natural-only, 8 lab-only, 6 both; two hidden). Ids are positions + 1. */
export const RETAILER_SPECS: readonly RetailerSpec[] = [
  { name: "Aldergate Diamonds", type: N, tradeType: "Online retailer", city: "New York", founded: 1998 },
  { name: "Northlight Lab Diamonds", type: L, tradeType: "Online retailer", city: "Austin", founded: 2016 },
  { name: "Meridian & Vale", type: B, tradeType: "Jeweller with showroom", city: "London", founded: 1987 },
  { name: "Harrowgate Stone Co", type: N, tradeType: "Wholesaler", city: "Antwerp", founded: 1969 },
  { name: "Pinecrest Created Gems", type: L, tradeType: "Manufacturer", city: "Surat", founded: 2014 },
  { name: "Quillfeather & Sons", type: N, tradeType: "Jeweller with showroom", city: "Boston", founded: 1952 },
  { name: "Larkspur Atelier", type: B, tradeType: "Online retailer", city: "San Francisco", founded: 2009 },
  { name: "Copperbeech Jewellers", type: N, tradeType: "Jeweller with showroom", city: "Chicago", founded: 1976 },
  { name: "Brightfold Lab Co", type: L, tradeType: "Online retailer", city: "Denver", founded: 2019 },
  { name: "Maren O'Dell Fine Jewelry", type: N, tradeType: "Online retailer", city: "Seattle", founded: 2004 },
  { name: "Ember & Facet", type: L, tradeType: "Online retailer", city: "Los Angeles", founded: 2018 },
  { name: "Tidewell Diamond Co", type: B, tradeType: "Wholesaler", city: "Miami", founded: 1993 },
  { name: "Saltmarsh Gem House", type: N, tradeType: "Wholesaler", city: "Tel Aviv", founded: 1981 },
  { name: "Cloudmere Labs", type: L, tradeType: "Manufacturer", city: "Singapore", founded: 2015 },
  { name: "Oakhaven Diamond Exchange", type: N, tradeType: "Wholesaler", city: "New York", founded: 1962 },
  { name: "Halden & Rye", type: B, tradeType: "Jeweller with showroom", city: "Toronto", founded: 2001 },
  { name: "Kestrel Grown Diamonds", type: L, tradeType: "Online retailer", city: "Phoenix", founded: 2020 },
  { name: "Tessellate Gems", type: N, tradeType: "Online retailer", city: "Atlanta", founded: 2011 },
  { name: "Wrenfield Brothers", type: N, tradeType: "Manufacturer", city: "Mumbai", founded: 1958, hidden: true },
  { name: "Solenne Lab Jewels", type: L, tradeType: "Online retailer", city: "Paris", founded: 2021 },
  { name: "Silverfen Jewellers", type: B, tradeType: "Jeweller with showroom", city: "Dallas", founded: 1990 },
  { name: "Lanternfall Diamonds", type: N, tradeType: "Online retailer", city: "Portland", founded: 2013 },
  { name: "Glasswing Lab Diamonds", type: L, tradeType: "Manufacturer", city: "Houston", founded: 2017, hidden: true },
  { name: "Morrow Lane Diamonds", type: B, tradeType: "Online retailer", city: "Philadelphia", founded: 2007 },
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
    logo_url: images.logo,
    small_logo_url: images.small,
    description:
      `${spec.name} is ${/^[aeiou]/.test(trade) ? "an" : "a"} ${trade} of ${originPhrase(spec.type)}, ` +
      `based in ${spec.city} since ${spec.founded}. Every stone listed on ${PRODUCT_NAME} comes with its grading report.`,
    websiteurl: `https://${slug}.example`,
    seller_trade_type: spec.tradeType,
    email: `hello@${slug}.example`,
    phone: `+1 (${r.int(201, 989)}) 555-01${String(id).padStart(2, "0")}`,
    about_image: images.about,
    features: JSON.stringify(features),
    sociallinks: JSON.stringify(sociallinks),
    ratings: JSON.stringify(ratings),
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
