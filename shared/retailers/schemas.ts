/**
 * Wire schemas of the retailer directory (§3 Retailer, §7 Retailers; docs/decisions/022-retailer-directory.md):
 * the field list and embeds of `GET /api/retailers`, a directory retailer, a metro area with its retailers.
 */
import * as v from "valibot";

/** §3 Retailer's plain fields, plus the location ones (`distance` only with a postal code). */
export const RETAILER_FIELDS = [
  "id",
  "name",
  "slugurl",
  "type",
  "status",
  "logoUrl",
  "smallLogoUrl",
  "description",
  "websiteurl",
  "sellerTradeType",
  "email",
  "phone",
  "aboutImage",
  "postalCode",
  "city",
  "state",
  "latitude",
  "longitude",
] as const;
/** The JSON parts a caller embeds (`embed=`; naming them in `fields` embeds them too). */
export const RETAILER_EMBEDS = ["features", "sociallinks", "ratings"] as const;
/** One field a caller may ask for. */
export type RetailerField = (typeof RETAILER_FIELDS)[number] | (typeof RETAILER_EMBEDS)[number];
const KNOWN: readonly string[] = [...RETAILER_FIELDS, ...RETAILER_EMBEDS];

/** A comma list of names out of `known`: refused with the first unknown name. */
function nameList<const T extends string>(known: readonly string[], what: string) {
  return v.pipe(
    v.string(),
    v.maxLength(500),
    v.transform((s) => [
      ...new Set(
        s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ]),
    v.check(
      (names) => names.every((n) => known.includes(n)),
      (issue) => {
        const bad = (issue.input as string[]).find((n) => !known.includes(n));
        return `unknown ${what} "${bad}"; known: ${known.join(", ")}`;
      },
    ),
    v.transform((names) => names as T[]),
  );
}

/** `fields` and `embed` of the directory calls. */
export const RetailerShapeQuery = v.object({
  fields: v.optional(nameList<RetailerField>(KNOWN, "field")),
  embed: v.optional(nameList<(typeof RETAILER_EMBEDS)[number]>(RETAILER_EMBEDS, "embed")),
});

/** `GET /api/retailers` query: none of it = the search filters' list; any of it = the directory. */
export const RetailersQuery = v.object({
  ...RetailerShapeQuery.entries,
  type: v.optional(v.picklist(["all", "natural", "lab"], "type must be all, natural or lab")),
  postalCode: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(10), v.regex(/^\d{5}(?:-\d{4})?$/, "postalCode must be a US ZIP code (12345 or 12345-6789)")),
  ),
});

const Feature = v.object({ group: v.string(), name: v.string(), active: v.boolean() });
const SocialLink = v.object({ network: v.string(), url: v.string() });
const Rating = v.object({ provider: v.string(), rating: v.number(), count: v.number() });

/** A retailer as the directory answers it: only the fields asked for (all plain ones by default). */
export const DirectoryRetailer = v.object({
  id: v.optional(v.number()),
  name: v.optional(v.string()),
  slugurl: v.optional(v.string()),
  type: v.optional(v.number()),
  status: v.optional(v.number()),
  logoUrl: v.optional(v.string()),
  smallLogoUrl: v.optional(v.string()),
  description: v.optional(v.string()),
  websiteurl: v.optional(v.string()),
  sellerTradeType: v.optional(v.string()),
  email: v.optional(v.string()),
  phone: v.optional(v.string()),
  aboutImage: v.optional(v.string()),
  postalCode: v.optional(v.string()),
  city: v.optional(v.string()),
  state: v.optional(v.string()),
  latitude: v.optional(v.nullable(v.number())),
  longitude: v.optional(v.nullable(v.number())),
  features: v.optional(v.array(Feature)),
  sociallinks: v.optional(v.array(SocialLink)),
  ratings: v.optional(v.array(Rating)),
  /** Miles from the postal code's location (only with `postalCode`). */
  distance: v.optional(v.nullable(v.number())),
});
/** A directory retailer. */
export type DirectoryRetailer = v.InferOutput<typeof DirectoryRetailer>;

/** Where a postal code was placed: its metro (slug) or its ZIP3 region (a state code). */
export const PostalPlace = v.object({ postalCode: v.string(), metro: v.nullable(v.string()), region: v.string() });

/** `fallback: true`: the upstream directory failed (§8) and the answer is the empty fallback. */
const fallback = v.optional(v.literal(true));

/** The directory list. */
export const RetailerDirectory = v.object({ retailers: v.array(DirectoryRetailer), location: v.optional(PostalPlace), fallback });
/** The directory list answer. */
export type RetailerDirectory = v.InferOutput<typeof RetailerDirectory>;

/** One retailer (null only as the §8 fallback). */
export const RetailerAnswer = v.object({ retailer: v.nullable(DirectoryRetailer), fallback });
/** The one-retailer answer. */
export type RetailerAnswer = v.InferOutput<typeof RetailerAnswer>;

/** A metro area. */
export const MetroArea = v.object({
  id: v.number(),
  name: v.string(),
  displayName: v.string(),
  state: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  zip3: v.array(v.string()),
});
/** A metro area. */
export type MetroArea = v.InferOutput<typeof MetroArea>;

/** `GET /api/metro-areas/{id}`: the metro, and the retailers near it nearest first with their listed stones. */
export const MetroAreaAnswer = v.object({
  metro: MetroArea,
  retailers: v.array(v.object({ ...DirectoryRetailer.entries, stones: v.number() })),
  fallback,
});
/** The metro answer. */
export type MetroAreaAnswer = v.InferOutput<typeof MetroAreaAnswer>;
