/**
 * The content pages' page service (client/content-pages-context.ts): a stored page with its Markdown rendered
 * here (worker/content/markdown.ts), plus the gemologists for `/team` and the care plan's contact, and WELCOME100's
 * terms from the promotions table for `/welcome-offer`.
 */
import type { ContentPagesService } from "#client/content-pages-context.ts";
import type { ContentPageView, WelcomeOfferTerms } from "#shared/content/page-schemas.ts";
import { renderMarkdown } from "../content/markdown";
import { findContentPage, listGemologists } from "../content-pages/store";
import { findPromotion } from "../promotions/store";

/** The code `/welcome-offer` explains (the welcome popup emails it: worker/accounts/mailing.ts). */
export const WELCOME_CODE = "WELCOME100";

/** Pages that show the gemologists. */
const WITH_GEMOLOGISTS = new Set(["team", "jewelry-care-plan"]);

/** WELCOME100 as stored now: its amount off (the whole-order amount rules), minimum and dates; null when it is gone. */
export async function welcomeOfferTerms(db: D1Database, now: number): Promise<WelcomeOfferTerms | null> {
  const promo = await findPromotion(db, WELCOME_CODE);
  if (!promo) return null;
  return {
    code: promo.code,
    description: promo.description,
    amountCents: promo.rules.filter((r) => r.kind === "amount").reduce((sum, r) => sum + r.value, 0),
    minSubtotalCents: promo.minSubtotalCents,
    startsAt: promo.startsAt,
    endsAt: promo.endsAt,
    running: promo.startsAt <= now && now < promo.endsAt,
  };
}

/** The page service over the content store. */
export function serverContentPages(deps: { db: D1Database; now: () => number }): ContentPagesService {
  return {
    async page(slug) {
      const [page, gemologists, offer] = await Promise.all([
        findContentPage(deps.db, slug),
        WITH_GEMOLOGISTS.has(slug) ? listGemologists(deps.db) : undefined,
        slug === "welcome-offer" ? welcomeOfferTerms(deps.db, deps.now()) : undefined,
      ]);
      if (!page) return null;
      const view: ContentPageView = {
        slug: page.slug,
        path: page.path,
        title: page.title,
        description: page.description,
        html: renderMarkdown(page.body),
        section: page.section,
        updatedAt: page.updatedAt,
      };
      if (gemologists) view.gemologists = gemologists;
      if (offer !== undefined) view.offer = offer;
      return view;
    },
  };
}
