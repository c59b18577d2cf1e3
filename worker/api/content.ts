import { Hono } from "hono";
import { TrafficAlertId } from "#shared/content.ts";
import * as v from "valibot";
import { CONTENT_PAGE_IDS } from "#shared/settings/pages.ts";
import { trafficAlert } from "../content/alerts";
import { searchHeading } from "../content/headings";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { pathParams } from "./validate";

const PageIdParam = v.object({ pageId: v.picklist(CONTENT_PAGE_IDS, "pageId must be a search page or collection id") });

/**
 * Content-store items (§7 content services): `GET /content/traffic-alert/{id}` (the id follows
 * Hide_Tariff_Alert_V2) and `GET /content/search-heading/{pageId}` (a search page's or collection's heading
 * and subheading, or null; 400 for an id that is neither).
 */
export const contentApi = new Hono<AppEnv>()
  .get("/content/search-heading/:pageId{.+}", pathParams(PageIdParam), async (c) => {
    const { pageId } = c.req.valid("param");
    // A known page without a stored heading answers null (it shows its own heading): not an error.
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await searchHeading(c.env.DB, pageId));
  })
  .get("/content/traffic-alert/:id", pathParams(TrafficAlertId), async (c) => {
  const { id } = c.req.valid("param");
  const alert = await trafficAlert(c.env.DB, id);
  if (!alert) throw new ApiError(404, `No running traffic alert ${id}`);
  c.header("Cache-Control", "public, max-age=60");
  return c.json(alert);
});
