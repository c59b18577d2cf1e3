/**
 * Content-store items (§7 content services, shared/api/content.ts): `GET /content/traffic-alert/{id}` (the
 * id follows Hide_Tariff_Alert_V2) and `GET /content/search-heading/{pageId}` (a search page's or
 * collection's heading and subheading, or null; 400 for an id that is neither).
 */
import { contentOperations as ops } from "#shared/api/content.ts";
import { refused } from "#shared/refusal.ts";
import { handle } from "../http/routes";
import { trafficAlert } from "./alerts";
import { searchHeading } from "./headings";

export const contentRoutes = [
  handle(ops.searchHeading, async ({ params }, c) => {
    // A known page without a stored heading answers null (it shows its own heading): not an error.
    c.header("Cache-Control", "public, max-age=300");
    return { status: 200, body: await searchHeading(c.env.DB, params.pageId) };
  }),
  handle(ops.trafficAlert, async ({ params }, c) => {
    const alert = (await trafficAlert(c.env.DB, params.id)) ?? refused("not_found", `No running traffic alert ${params.id}`);
    c.header("Cache-Control", "public, max-age=60");
    return { status: 200, body: alert };
  }),
];
