/**
 * §7 Retailers and information (shared/api/information.ts): the home data with users, `POST info/index`, customer
 * service, help pages, media mentions and the FAQs, from the content store (worker/content/). The home data and
 * the index answer `Cache-Control: public, max-age=3600` (§9 home cache 1 hour), the rest 300 s; a block whose
 * source failed answers null with `no-store` (§8).
 */
import { informationOperations as ops } from "#shared/api/information.ts";
import type { CustomerService as CustomerServiceSchema, HelpPage as HelpPageSchema } from "#shared/content/items.ts";
import { helpPageName } from "#shared/content/items.ts";
import { refused } from "#shared/refusal.ts";
import type * as v from "valibot";
import { faqFor, faqSections, homeInfo, infoIndex } from "../content/information";
import { cacheFor } from "../content/routes";
import { contentItem } from "../content/store";
import { handle } from "../http/routes";
import { promoVariantOf } from "../promotions/store";

export const informationRoutes = [
  handle(ops.homeInfo, async (_input, c) => {
    const body = await homeInfo(c.env);
    cacheFor(c, body, 3600);
    return { status: 200, body };
  }),
  handle(ops.infoIndex, async (_input, c) => {
    // The ring cards carry the promo codes of the visitor's variant: shared caches must not mix them.
    c.header("Cache-Control", "private, max-age=3600");
    return { status: 200, body: await infoIndex(c.env, promoVariantOf(c.get("variants"), undefined), Date.now()) };
  }),
  handle(ops.customerService, async (_input, c) => {
    const body = await contentItem<v.InferOutput<typeof CustomerServiceSchema>>(c.env, "Customer-Service");
    cacheFor(c, body);
    return { status: 200, body };
  }),
  handle(ops.helpPage, async ({ params }, c) => {
    const body = (await contentItem<v.InferOutput<typeof HelpPageSchema>>(c.env, helpPageName(params.id))) ?? refused("not_found", `No help page ${params.id}`);
    cacheFor(c, body);
    return { status: 200, body };
  }),
  handle(ops.mediaMentions, async (_input, c) => {
    const home = await homeInfo(c.env);
    cacheFor(c, home, 3600);
    return { status: 200, body: { mediaMentions: home?.mediaMentions ?? [] } };
  }),
  handle(ops.faqs, async ({ query }, c) => {
    const body = await faqFor(c.env, query.displayOn);
    cacheFor(c, body);
    return { status: 200, body };
  }),
  handle(ops.faqSections, async (_input, c) => {
    const body = await faqSections(c.env);
    cacheFor(c, body);
    return { status: 200, body };
  }),
];
