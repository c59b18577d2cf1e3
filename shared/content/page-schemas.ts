/**
 * Wire shapes of Loupe's own pages and team (shared/api/content-pages.ts): a stored page as operators read and edit
 * it, the edit's rules, the gemologists of `/team` and their portraits, and what the page route renders.
 */
import * as v from "valibot";
import type { PageSection } from "./pages";

/** The `{slug}` of a page call: lower-case letters, digits and hyphens (an unknown one answers 404). */
export const PageSlugParam = v.object({
  slug: v.pipe(v.string(), v.maxLength(80), v.regex(/^[a-z0-9-]{1,80}$/, "slug must be lower-case letters, digits and -")),
});

/** A stored content page (Markdown body) as the API answers it. */
export const ContentPage = v.object({
  slug: v.string(),
  path: v.string(),
  title: v.string(),
  description: v.string(),
  /** Markdown (rendered on the server; raw HTML is shown as text). */
  body: v.string(),
  section: v.picklist(["company", "help", "policies"]),
  inFooter: v.boolean(),
  /** ISO 8601. */
  updatedAt: v.string(),
});
export type ContentPage = v.InferOutput<typeof ContentPage>;

/** Limits of an operator's edit (also the seed's, checked by the unit test of the seed). */
export const PAGE_LIMITS = { title: [3, 120], description: [50, 300], body: [200, 60_000] } as const;

const text = (field: string, [min, max]: readonly [number, number]) =>
  v.pipe(
    v.string(`${field} must be text`),
    v.trim(),
    v.minLength(min, `${field} must be at least ${min} characters`),
    v.maxLength(max, `${field} must be at most ${max} characters`),
  );

/** `PUT /api/content-pages/{slug}`: the page's new title (its h1), meta description and Markdown body. */
export const ContentPageEdit = v.strictObject(
  {
    title: text("title", PAGE_LIMITS.title),
    description: text("description", PAGE_LIMITS.description),
    body: text("body", PAGE_LIMITS.body),
  },
  "only title, description and body can be edited",
);
export type ContentPageEdit = v.InferOutput<typeof ContentPageEdit>;

/** `GET /api/content-pages` (admin): every page. */
export const ContentPageList = v.object({ pages: v.array(ContentPage) });

/** One of Loupe's gemologists (`GET /api/team/gemologists`). */
export const Gemologist = v.object({
  /** URL-safe id, also the portrait's file name. */
  id: v.string(),
  name: v.string(),
  role: v.string(),
  /** Qualifications, e.g. "GIA Graduate Gemologist (2014)". */
  credentials: v.array(v.string()),
  bio: v.string(),
  specialties: v.array(v.string()),
  languages: v.array(v.string()),
});
export type Gemologist = v.InferOutput<typeof Gemologist>;

export const GemologistList = v.object({ gemologists: v.array(Gemologist) });
export type GemologistList = v.InferOutput<typeof GemologistList>;

/** A gemologist's portrait (`GET /api/team/gemologists/images`): a generated SVG served under /images/team/. */
export const GemologistImage = v.object({ id: v.string(), name: v.string(), imageUrl: v.string(), alt: v.string() });
export const GemologistImageList = v.object({ images: v.array(GemologistImage) });
export type GemologistImageList = v.InferOutput<typeof GemologistImageList>;

/** The site-relative URL of a gemologist's portrait. */
export const portraitUrl = (id: string) => `/images/team/${id}.svg`;

/** The welcome offer's terms as the promotions table holds them now (the `/welcome-offer` page's box). */
export interface WelcomeOfferTerms {
  code: string;
  description: string;
  amountCents: number;
  minSubtotalCents: number;
  /** Epoch ms. */
  startsAt: number;
  endsAt: number;
  running: boolean;
}

/** What the page route renders: the page's HTML and the live facts some pages add. */
export interface ContentPageView {
  slug: string;
  path: string;
  title: string;
  description: string;
  /** The body rendered from Markdown on the server (sanitised). */
  html: string;
  section: PageSection;
  updatedAt: string;
  /** `/team` and the care plan's gemologist contact. */
  gemologists?: Gemologist[];
  /** `/welcome-offer`: WELCOME100 as the promotions table holds it; null when the code is gone. */
  offer?: WelcomeOfferTerms | null;
}
