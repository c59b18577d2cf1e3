/** Content-store items the pages read (§7 content services); the alert ids are in ./traffic-alerts.ts. */
import * as v from "valibot";

export const TrafficAlertId = v.object({
  id: v.pipe(v.string(), v.maxLength(64), v.regex(/^[a-z0-9-]{1,64}$/, "id must be lower-case letters, digits and -")),
});

/** `GET /api/content/traffic-alert/{id}`. */
export const TrafficAlert = v.object({
  id: v.string(),
  message: v.string(),
  link: v.nullable(v.object({ text: v.string(), href: v.string() })),
});
export type TrafficAlert = v.InferOutput<typeof TrafficAlert>;

/** `GET /api/content/search-heading/{pageId}`: a search page's or collection's heading and subheading, or null (it shows its own). */
export const SearchHeading = v.nullable(v.object({ heading: v.string(), subheading: v.string() }));
export type SearchHeading = v.InferOutput<typeof SearchHeading>;
