/**
 * §3 homepage banners and home page data as the content store keeps them (`home`), and what the information
 * calls answer: `GET info/home` (with users), `POST info/index` (reviewsCount, popularEngagementRings.settings,
 * topReviews), `GET media-mentions`. §9: the default user count text is '14 million'.
 */
import * as v from "valibot";
import { Review } from "../reviews";
import { SettingSummary } from "../settings/schemas";
import { linkOrPath } from "../url-schemas";

/** §9 "Default user count text '14 million'". */
export const DEFAULT_USERS_TEXT = "14 million";

export const BANNER_TEXT_MAX = 200;

const Id = v.pipe(v.string(), v.maxLength(64), v.regex(/^[a-z0-9-]{1,64}$/, "id must be lower-case letters, digits and -"));
/** A safe site path (`/…`: shared/safe-path.ts) or an https URL. */
export const BannerLink = linkOrPath("The link must be a site path starting with / or an https:// address", { max: 500, httpsOnly: true });
const BannerText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, "Write the banner's text"),
  v.maxLength(BANNER_TEXT_MAX, `At most ${BANNER_TEXT_MAX} characters`),
);
/** An experiment's name (shared/experiments/definitions.ts spells them this way). */
export const ExperimentName = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(64),
  v.regex(/^[A-Za-z0-9_]{1,64}$/, "An experiment name: letters, digits and _ (e.g. Home_Shape_Grid)"),
);

/**
 * An item of a banner an experiment decides: a visitor whose experience of `experimentName` is `variant` sees
 * this text and link instead of the banner's own (the first matching item wins).
 */
export const AffectedItem = v.object({
  id: Id,
  experimentName: ExperimentName,
  variant: v.picklist([0, 1]),
  text: BannerText,
  link: BannerLink,
  linkText: v.string(),
});
export type AffectedItem = v.InferOutput<typeof AffectedItem>;

/** A homepage banner (§3): its own text and link, shown when active, and the items experiments swap in. */
export const HomeBanner = v.object({
  id: Id,
  active: v.boolean(),
  text: BannerText,
  link: BannerLink,
  linkText: v.string(),
  abData: v.object({ affectedItems: v.array(AffectedItem) }),
});
export type HomeBanner = v.InferOutput<typeof HomeBanner>;

/** A press mention of Loupe. */
export const MediaMention = v.object({
  id: Id,
  outlet: v.string(),
  quote: v.string(),
  link: v.nullable(linkOrPath("The link must be a site path starting with / or an https:// address", { httpsOnly: true })),
  date: v.string(),
});
export type MediaMention = v.InferOutput<typeof MediaMention>;

/** The `home` content item. */
export const HomeData = v.object({
  banners: v.array(HomeBanner),
  /** The settings shown as popular engagement rings, in order (ids of the catalogue; absent ones are left out). */
  popularEngagementRings: v.object({ title: v.string(), settingIds: v.array(v.number()) }),
  mediaMentions: v.array(MediaMention),
  /** The "Join {users} shoppers" figure as text; null: DEFAULT_USERS_TEXT. */
  users: v.nullable(v.string()),
});
export type HomeData = v.InferOutput<typeof HomeData>;

/** `GET info/home`: the home data with the users text always set. */
export const HomeInfo = v.object({ ...HomeData.entries, users: v.string() });
export type HomeInfo = v.InferOutput<typeof HomeInfo>;

/** `POST info/index`: the review count, the popular rings' cards and the top reviews (cached 1 hour). */
export const InfoIndex = v.object({
  reviewsCount: v.number(),
  popularEngagementRings: v.object({ settings: v.array(SettingSummary) }),
  topReviews: v.array(Review),
});
export type InfoIndex = v.InferOutput<typeof InfoIndex>;

/** `GET media-mentions`. */
export const MediaMentions = v.object({ mediaMentions: v.array(MediaMention) });

/** A banner as one visitor sees it (their variant of its experiments already applied). */
export interface ShownBanner {
  id: string;
  text: string;
  link: string;
  linkText: string;
  /** The experiment that chose this text, when one did. */
  experimentName: string | null;
}

/**
 * The active banners as a visitor sees them: each banner's first affected item whose experiment gives the visitor
 * its variant replaces the banner's own text (experiments the visitor is not in count as control, 0).
 */
export function shownBanners(banners: readonly HomeBanner[], variants: Readonly<Record<string, 0 | 1>>): ShownBanner[] {
  return banners
    .filter((b) => b.active)
    .map((b) => {
      const item = b.abData.affectedItems.find((i) => (variants[i.experimentName] ?? 0) === i.variant);
      return item
        ? { id: b.id, text: item.text, link: item.link, linkText: item.linkText, experimentName: item.experimentName }
        : { id: b.id, text: b.text, link: b.link, linkText: b.linkText, experimentName: null };
    });
}

/** The home page's data (client/routes/home.tsx): each block null when its content source failed (§8). */
export interface HomePage {
  banners: ShownBanner[] | null;
  popularRings: { title: string; settings: SettingSummary[] } | null;
  topReviews: Review[];
  mediaMentions: MediaMention[] | null;
  users: string;
}

/** An operator's banner edit (the admin view and `PUT /api/content/admin/banners/{id}`). */
export const BannerEdit = v.object({
  text: BannerText,
  link: BannerLink,
  linkText: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, "At most 60 characters")), ""),
  active: v.boolean(),
  /** The experiment name of each affected item, by item id (items not named keep theirs). */
  experiments: v.optional(v.record(Id, ExperimentName), {}),
});
export type BannerEdit = v.InferOutput<typeof BannerEdit>;
