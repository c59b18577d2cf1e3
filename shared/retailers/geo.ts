/**
 * Distances and US postal-code locations for the retailer directory (docs/decisions/022-retailer-directory.md).
 * A ZIP code is placed by its first three digits (ZIP3): the centre of the metro area whose prefixes include it,
 * else the rough population centre of its ZIP3 range (about a state: coarse, tens to a few hundred miles off).
 */

/** A point in WGS84 degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A metro area as the lookup needs it: its slug, centre and ZIP3 prefixes. */
export interface MetroPrefixes extends LatLng {
  name: string;
  zip3: readonly string[];
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle (haversine) distance in miles, rounded to 0.1. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h))) * 10) / 10;
}

/** A US ZIP code: five digits, optionally ZIP+4. */
export const US_POSTAL_CODE = /^\d{5}(?:-\d{4})?$/;

/** ZIP3 ranges [first, last, latitude, longitude, region]: roughly one per state, at its main population centre. */
const ZIP3_REGIONS: readonly (readonly [number, number, number, number, string])[] = [
  [10, 27, 42.3, -71.4, "MA"],
  [28, 29, 41.8, -71.4, "RI"],
  [30, 38, 43.0, -71.5, "NH"],
  [39, 49, 44.3, -69.8, "ME"],
  [50, 59, 44.3, -72.6, "VT"],
  [60, 69, 41.6, -72.7, "CT"],
  [70, 89, 40.4, -74.4, "NJ"],
  [100, 149, 41.5, -74.9, "NY"],
  [150, 196, 40.5, -76.9, "PA"],
  [197, 199, 39.4, -75.6, "DE"],
  [200, 205, 38.9, -77.0, "DC"],
  [206, 219, 39.1, -76.8, "MD"],
  [220, 246, 38.0, -77.8, "VA"],
  [247, 268, 38.6, -80.6, "WV"],
  [270, 289, 35.6, -79.4, "NC"],
  [290, 299, 34.0, -81.0, "SC"],
  [300, 319, 33.5, -84.0, "GA"],
  [320, 349, 27.8, -81.6, "FL"],
  [350, 369, 33.0, -86.8, "AL"],
  [370, 385, 35.9, -86.4, "TN"],
  [386, 397, 32.6, -89.7, "MS"],
  [398, 399, 31.6, -84.2, "GA"],
  [400, 427, 37.8, -85.3, "KY"],
  [430, 459, 40.2, -82.7, "OH"],
  [460, 479, 39.8, -86.3, "IN"],
  [480, 499, 42.9, -84.2, "MI"],
  [500, 528, 41.9, -93.3, "IA"],
  [530, 549, 43.7, -89.0, "WI"],
  [550, 567, 45.2, -93.7, "MN"],
  [569, 569, 38.9, -77.0, "DC"],
  [570, 577, 44.0, -99.4, "SD"],
  [580, 588, 47.4, -99.6, "ND"],
  [590, 599, 46.3, -110.5, "MT"],
  [600, 629, 41.3, -88.4, "IL"],
  [630, 658, 38.4, -92.2, "MO"],
  [660, 679, 38.5, -96.8, "KS"],
  [680, 693, 41.0, -97.4, "NE"],
  [700, 714, 30.6, -91.5, "LA"],
  [716, 729, 34.9, -92.4, "AR"],
  [730, 749, 35.6, -97.0, "OK"],
  [750, 799, 31.1, -97.4, "TX"],
  [800, 816, 39.4, -105.1, "CO"],
  [820, 831, 42.5, -106.8, "WY"],
  [832, 838, 43.8, -115.4, "ID"],
  [840, 847, 40.4, -111.8, "UT"],
  [850, 865, 33.4, -111.9, "AZ"],
  [870, 884, 34.6, -106.2, "NM"],
  [889, 898, 36.6, -115.5, "NV"],
  [900, 961, 35.5, -119.4, "CA"],
  [967, 968, 21.4, -157.9, "HI"],
  [970, 979, 44.7, -122.7, "OR"],
  [980, 994, 47.3, -121.6, "WA"],
  [995, 999, 61.2, -149.9, "AK"],
];

/** Where a postal code lies, and how it was placed (its metro's slug, or the ZIP3 region's state). */
export interface PostalLocation extends LatLng {
  metro: string | null;
  region: string;
}

/**
 * The location of a US ZIP code: the metro whose ZIP3 prefixes include it, else its ZIP3 region's centre.
 * Null when the text is not a US ZIP code or its prefix is not a mailing prefix (e.g. 000, the military 09x).
 */
export function postalLocation(postalCode: string, metros: readonly MetroPrefixes[]): PostalLocation | null {
  const code = postalCode.trim();
  if (!US_POSTAL_CODE.test(code)) return null;
  const zip3 = code.slice(0, 3);
  const n = Number(zip3);
  const region = ZIP3_REGIONS.find(([first, last]) => n >= first && n <= last);
  if (!region) return null;
  const metro = metros.find((m) => m.zip3.includes(zip3));
  if (metro) return { latitude: metro.latitude, longitude: metro.longitude, metro: metro.name, region: region[4] };
  return { latitude: region[2], longitude: region[3], metro: null, region: region[4] };
}
