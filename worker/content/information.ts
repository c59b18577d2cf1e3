/**
 * The information calls' and content pages' data (§7 Retailers and information, issue 20 point 6): the home data
 * with its users text, `POST info/index` (review count, popular engagement rings, top reviews; 1 hour), the home
 * page's blocks for one visitor (their variant of each banner's experiment, decision 019), the FAQs and the search
 * headings. Every block whose source fails is null (§8); the caller renders without it.
 */
import type { Variant } from "#shared/experiments/bucketing.ts";
import type { Faq, FaqDisplayOn, SectionedFaq } from "#shared/content/faq.ts";
import { faqItemName } from "#shared/content/faq.ts";
import { DEFAULT_USERS_TEXT, type HomeData, type HomeInfo, type HomePage, type InfoIndex, shownBanners } from "#shared/content/home.ts";
import type { Bindings } from "../env";
import { reviewCounts, topReviews } from "../reviews/store";
import { settingCards } from "../settings/service";
import { cachedForContent, cachedForHome, contentItem } from "./store";

/** How many top reviews the home page and `POST info/index` show. */
export const TOP_REVIEWS = 6;

/** `GET info/home`: the home data with the users text (the §9 default '14 million' when none is stored); null when the source failed. */
export async function homeInfo(env: Bindings): Promise<HomeInfo | null> {
  const home = await contentItem<HomeData>(env, "home");
  return home ? { ...home, users: home.users?.trim() || DEFAULT_USERS_TEXT } : null;
}

/** The cards of the home's popular rings in the stored order (settings absent from the catalogue are left out). */
async function popularCards(env: Bindings, home: HomeData | null, variation: Variant, now: number) {
  if (!home) return [];
  const cards = await settingCards(env.DB, home.popularEngagementRings.settingIds, variation, now);
  return home.popularEngagementRings.settingIds.flatMap((id) => cards.get(id) ?? []);
}

/**
 * `POST info/index`: the total review count, the popular engagement rings' cards (promo codes for `variation`) and
 * the top reviews, built once an hour per isolate and variation (§7 "cached 1 hour").
 */
export async function infoIndex(env: Bindings, variation: Variant, now: number): Promise<InfoIndex> {
  const build = async (home: HomeData | null): Promise<InfoIndex> => {
    const [counts, reviews, settings] = await Promise.all([reviewCounts(env.DB), topReviews(env.DB, -1, TOP_REVIEWS), popularCards(env, home, variation, now)]);
    return { reviewsCount: counts.total.count, popularEngagementRings: { settings }, topReviews: reviews };
  };
  const home = await contentItem<HomeData>(env, "home");
  // Without the home data (its source failed) the rings are left out and nothing is kept: the next request tries again.
  return home ? cachedForHome(`index|${variation}`, () => build(home)) : build(null);
}

/** Logs a block that could not be built and answers null (§8). */
async function orNull<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `home ${what} unavailable: ${String(err)}` }));
    return null;
  }
}

/**
 * The home page for a visitor whose experiment experiences are `variants`: the active banners as they see them,
 * the popular rings, the top reviews (empty: the block is left out), media mentions and the users text.
 */
export async function homePage(env: Bindings, variants: Readonly<Record<string, Variant>>, variation: Variant, now: number): Promise<HomePage> {
  const home = await homeInfo(env);
  const index = await orNull("index", () => infoIndex(env, variation, now));
  return {
    banners: home ? shownBanners(home.banners, variants) : null,
    popularRings: home && index ? { title: home.popularEngagementRings.title, settings: index.popularEngagementRings.settings } : null,
    topReviews: index?.topReviews ?? [],
    mediaMentions: home?.mediaMentions ?? null,
    users: home?.users ?? DEFAULT_USERS_TEXT,
  };
}

/** The FAQ shown on `displayOn` (null when the source failed). */
export const faqFor = (env: Bindings, displayOn: FaqDisplayOn) => contentItem<Faq>(env, faqItemName(displayOn));

/** The sectioned FAQ (null when the source failed). */
export const faqSections = (env: Bindings) => contentItem<SectionedFaq>(env, "faq-sections");

/** `GET content/item/dynamicsearchpageheadingsubheading`: every stored search heading (D1 `search_headings`, migration 0007), 300 s. */
export async function searchHeadings(db: D1Database) {
  try {
    return await cachedForContent("search-headings", async () => {
      const { results } = await db
        .prepare("SELECT page_id AS pageId, heading, subheading FROM search_headings ORDER BY page_id")
        .all<{ pageId: string; heading: string; subheading: string }>();
      return { headings: results };
    });
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `search headings unavailable: ${String(err)}` }));
    return null;
  }
}
