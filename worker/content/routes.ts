/**
 * Content-store items (§7 content services, shared/api/content.ts): `GET /content/traffic-alert/{id}` (the id
 * follows Hide_Tariff_Alert_V2), `GET /content/search-heading/{pageId}`, every item by name
 * (`GET /content/item/{name}`, `GET /content/tree/SurveyQuestions?tree=1`, `product-shippings/1`, `banner-singles`,
 * `pop-up-cards`, `checkoutfaq`), and the operator's edits (shared/api/content-admin.ts). Items answer
 * `Cache-Control: public, max-age=300` (§9), or `no-store` when their source failed (null, §8).
 */
import type { Context } from "hono";
import { contentOperations as ops } from "#shared/api/content.ts";
import { contentAdminOperations as admin } from "#shared/api/content-admin.ts";
import { CONTENT_ITEMS, PUBLIC_ITEM_NAMES, TREE_ITEMS } from "#shared/content/items.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { addFaqEntry, contentAdminView, editBanner, editFaqEntry, removeFaqEntry } from "./admin";
import { trafficAlert } from "./alerts";
import { searchHeading } from "./headings";
import { searchHeadings } from "./information";
import { contentItem } from "./store";

/** §9: content 300 s, the home data 1 hour; a null (failed source) is never cached by the browser. */
export function cacheFor(c: Context<AppEnv>, value: unknown, seconds = 300) {
  c.header("Cache-Control", value === null ? "no-store" : `public, max-age=${seconds}`);
}

/** An item answer with its cache header. */
async function itemAnswer(c: Context<AppEnv>, name: string, tree = false) {
  const body = await contentItem(c.env, name, { tree });
  cacheFor(c, body, name === "home" ? 3600 : 300);
  return { status: 200 as const, body: body as never };
}

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
  handle(ops.contentItem, async ({ params }, c) => {
    if (!(PUBLIC_ITEM_NAMES as readonly string[]).includes(params.name)) refused("not_found", `No content item ${params.name}`);
    if (params.name === "dynamicsearchpageheadingsubheading") {
      const body = await searchHeadings(c.env.DB);
      cacheFor(c, body);
      return { status: 200, body };
    }
    return itemAnswer(c, params.name);
  }),
  handle(ops.contentTree, async ({ params }, c) => {
    if (!(TREE_ITEMS as readonly string[]).includes(params.name)) refused("not_found", `No content tree ${params.name}`);
    return itemAnswer(c, params.name, true);
  }),
  handle(ops.productShipping, async ({ params }, c) => {
    const name = `product-shippings-${params.id}`;
    if (!Object.hasOwn(CONTENT_ITEMS, name)) refused("not_found", `No shipping options ${params.id}`);
    return itemAnswer(c, name);
  }),
  handle(ops.bannerSingles, (_input, c) => itemAnswer(c, "banner-singles")),
  handle(ops.popUpCards, (_input, c) => itemAnswer(c, "pop-up-cards")),
  handle(ops.checkoutFaq, (_input, c) => itemAnswer(c, "checkoutfaq")),
];

/** The operator's edits (admin token; the router answers 404 without it). Never cached. */
export const contentAdminRoutes = [
  handle(admin.contentAdminView, async (_input, c) => {
    c.header("Cache-Control", "private, no-store");
    return { status: 200, body: await contentAdminView(c.env) };
  }),
  handle(admin.addFaqEntry, async ({ params, body }, c) => ({ status: 200, body: await addFaqEntry(c.env, params.displayOn, body, Date.now()) })),
  handle(admin.editFaqEntry, async ({ params, body }, c) => ({
    status: 200,
    body: await editFaqEntry(c.env, params.displayOn, params.id, body, Date.now()),
  })),
  handle(admin.removeFaqEntry, async ({ params }, c) => ({ status: 200, body: await removeFaqEntry(c.env, params.displayOn, params.id, Date.now()) })),
  handle(admin.editBanner, async ({ params, body }, c) => ({ status: 200, body: await editBanner(c.env, params.id, body, Date.now()) })),
];
