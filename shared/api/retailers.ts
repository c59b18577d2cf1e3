/**
 * §7 Retailers (issue 20 point 5): one retailer of the directory and a metro area with the retailers near it.
 * The list (`GET /retailers`, with its directory query) stays in promotions.ts, where the filters' list was.
 * Only visible retailers (status 2) with a logo are in the directory (§4). With an upstream directory configured
 * its transient failures fall back (§8) and its other failures answer 502.
 */
import * as v from "valibot";
import { MetroAreaAnswer, RetailerAnswer, RetailerShapeQuery } from "../retailers/schemas";
import { json, operation, refusal } from "./operation";

/** A retailer's slug in a path. */
export const RetailerSlugParam = v.object({
  slug: v.pipe(v.string(), v.maxLength(100), v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, "slug must be lower-case letters, digits and hyphens")),
});
/** A metro area's id or slug in a path. */
export const MetroIdParam = v.object({
  id: v.pipe(v.string(), v.maxLength(60), v.regex(/^(?:[1-9]\d{0,5}|[a-z][a-z0-9-]{0,59})$/, "id must be a metro id or slug")),
});

/** The upstream directory failed in a way that is not retried (§8). */
export const upstreamFailed = refusal("The upstream retailer directory failed (e.g. an error answer or invalid JSON)");

export const retailerOperations = {
  retailerBySlug: operation({
    method: "GET",
    path: "/retailers/{slug}",
    operationId: "retailerBySlug",
    summary: "One visible retailer with a logo, with the fields asked for (features, sociallinks, ratings embedded on request)",
    params: RetailerSlugParam,
    query: RetailerShapeQuery,
    responses: {
      200: json("The retailer (null with fallback: true when the upstream directory was unreachable)", RetailerAnswer),
      404: refusal("No visible retailer with a logo has this slug"),
      502: upstreamFailed,
    },
  }),
  metroArea: operation({
    method: "GET",
    path: "/metro-areas/{id}",
    operationId: "metroArea",
    summary: "A metro area (by id or slug) with the retailers near it, nearest first, and how many listed stones each has",
    params: MetroIdParam,
    responses: {
      200: json("The metro area and its retailers", MetroAreaAnswer),
      404: refusal("No such metro area"),
      502: upstreamFailed,
    },
  }),
} as const;
