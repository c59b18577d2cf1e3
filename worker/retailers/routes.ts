/**
 * §7 Retailers: `GET /retailers` (without a query the search filters' list; with type, fields, embed or postalCode
 * the directory), `GET /retailers/{slug}`, `GET /metro-areas/{id}`. An upstream directory's §8 fallback is marked
 * in the body (`fallback: true`) and the `X-Retailer-Fallback: true` header; its other failures answer 502.
 */
import type { Context } from "hono";
import { promotionOperations as ops } from "#shared/api/promotions.ts";
import { retailerOperations } from "#shared/api/retailers.ts";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { handle } from "../http/routes";
import { type DirectorySource, directoryList, directoryRetailer, metroArea } from "./directory";
import { listRetailers } from "./service";
import { configuredDirectory, UpstreamError } from "./upstream";

/** Runs a directory read: D1 or the upstream; a fallback is marked and not cached, an upstream failure is a 502. */
async function directory<T extends { fallback?: true }>(c: Context<AppEnv>, work: (src: DirectorySource) => Promise<T>): Promise<T> {
  try {
    const body = await work({ db: c.env.DB, upstream: configuredDirectory(c.env) });
    if (body.fallback) {
      c.header("X-Retailer-Fallback", "true");
      c.header("Cache-Control", "no-store");
    } else c.header("Cache-Control", "public, max-age=300");
    return body;
  } catch (e) {
    if (e instanceof UpstreamError) throw new ApiError(502, "The retailer directory is unavailable. Please try again.");
    throw e;
  }
}

export const retailerRoutes = [
  handle(ops.listRetailers, async ({ query }, c) => {
    if (query.type === undefined && query.fields === undefined && query.embed === undefined && query.postalCode === undefined) {
      c.header("Cache-Control", "public, max-age=300");
      return { status: 200, body: { retailers: await listRetailers(c.env.DB) } };
    }
    return { status: 200, body: await directory(c, (src) => directoryList(src, query)) };
  }),
  handle(retailerOperations.retailerBySlug, async ({ params, query }, c) => ({
    status: 200,
    body: await directory(c, (src) => directoryRetailer(src, params.slug, query)),
  })),
  handle(retailerOperations.metroArea, async ({ params }, c) => ({ status: 200, body: await directory(c, (src) => metroArea(src, params.id)) })),
];
