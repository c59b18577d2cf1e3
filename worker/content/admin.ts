/**
 * The operator's content edits (`/content` and the content admin calls, issue 20 point 1): FAQ entries added,
 * edited and removed, banners edited. Each reads the D1 row itself (never a cached copy), writes it back validated
 * and drops this isolate's content caches; other isolates show the old text until their cache expires (300 s for
 * FAQs, 1 hour for the home's banners: decision 019). With an upstream content service configured the store is
 * edited there: these refuse with `conflict`.
 */
import * as v from "valibot";
import type { ContentAdminView } from "#shared/api/content-admin.ts";
import { Faq, type FaqDisplayOn, type FaqEntryInput, faqItemName } from "#shared/content/faq.ts";
import { type BannerEdit, HomeData, type HomeBanner } from "#shared/content/home.ts";
import { itemKind } from "#shared/content/items.ts";
import { refused } from "#shared/refusal.ts";
import type { Bindings } from "../env";
import { contentItem, contentSourceOf, writeContentItem } from "./store";
import { d1Source } from "./upstream";

function editable(env: Bindings) {
  if (env.CONTENT_SERVICE_URL) refused("conflict", "An upstream content service is configured: edit the content there");
}

/** The stored item read straight from D1 (an edit must start from the latest text). */
async function stored<T>(db: D1Database, name: string, schema: v.GenericSchema<unknown, T>, missing: string): Promise<T> {
  const raw = await d1Source(db).item(name);
  const parsed = v.safeParse(schema, raw);
  return parsed.success ? parsed.output : refused("not_found", missing);
}

/** What the admin view shows: both FAQs and the banners, read fresh from the store. */
export async function contentAdminView(env: Bindings): Promise<ContentAdminView> {
  const source = contentSourceOf(env);
  const [NewFAQ, NewMission, home] = await Promise.all([
    contentItem<Faq>(env, faqItemName("NewFAQ"), { source, fresh: true }),
    contentItem<Faq>(env, faqItemName("NewMission"), { source, fresh: true }),
    contentItem<HomeData>(env, "home", { source, fresh: true }),
  ]);
  return { source: env.CONTENT_SERVICE_URL ? "upstream" : "d1", faqs: { NewFAQ, NewMission }, banners: home?.banners ?? null };
}

/** An entry id from its question: lower-case words joined by -, made unique within the FAQ. */
export function entryIdFor(header: string, taken: ReadonlySet<string>): string {
  const base =
    header
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48)
      .replace(/-+$/, "") || "entry";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

async function saveFaq(env: Bindings, displayOn: FaqDisplayOn, faq: Faq, now: number): Promise<Faq> {
  const name = faqItemName(displayOn);
  await writeContentItem(env.DB, name, itemKind(name), faq, now);
  return faq;
}

/** Adds an entry at the end of the FAQ shown on `displayOn`. */
export async function addFaqEntry(env: Bindings, displayOn: FaqDisplayOn, input: FaqEntryInput, now: number): Promise<Faq> {
  editable(env);
  const faq = await stored(env.DB, faqItemName(displayOn), Faq, `The ${displayOn} FAQ is not in the store`);
  const id = entryIdFor(input.header, new Set(faq.content.map((e) => e.id)));
  return saveFaq(env, displayOn, { ...faq, content: [...faq.content, { id, header: input.header, description: input.description }] }, now);
}

/** Replaces an entry's question and answer. */
export async function editFaqEntry(env: Bindings, displayOn: FaqDisplayOn, id: string, input: FaqEntryInput, now: number): Promise<Faq> {
  editable(env);
  const faq = await stored(env.DB, faqItemName(displayOn), Faq, `The ${displayOn} FAQ is not in the store`);
  if (!faq.content.some((e) => e.id === id)) refused("not_found", `No entry ${id} in the ${displayOn} FAQ`);
  return saveFaq(env, displayOn, { ...faq, content: faq.content.map((e) => (e.id === id ? { id, ...input } : e)) }, now);
}

/** Removes an entry. */
export async function removeFaqEntry(env: Bindings, displayOn: FaqDisplayOn, id: string, now: number): Promise<Faq> {
  editable(env);
  const faq = await stored(env.DB, faqItemName(displayOn), Faq, `The ${displayOn} FAQ is not in the store`);
  if (!faq.content.some((e) => e.id === id)) refused("not_found", `No entry ${id} in the ${displayOn} FAQ`);
  return saveFaq(env, displayOn, { ...faq, content: faq.content.filter((e) => e.id !== id) }, now);
}

/** Edits a banner: its text, link, link text, whether it shows, and the experiment name of the items named. */
export async function editBanner(env: Bindings, id: string, edit: BannerEdit, now: number): Promise<HomeBanner> {
  editable(env);
  const home = await stored(env.DB, "home", HomeData, "The home data is not in the store");
  const banner = home.banners.find((b) => b.id === id) ?? refused("not_found", `No banner ${id}`);
  const unknown = Object.keys(edit.experiments).filter((itemId) => !banner.abData.affectedItems.some((i) => i.id === itemId));
  if (unknown.length) refused("not_found", `Banner ${id} has no item ${unknown.join(", ")}`);
  const next: HomeBanner = {
    ...banner,
    text: edit.text,
    link: edit.link,
    linkText: edit.linkText,
    active: edit.active,
    abData: { affectedItems: banner.abData.affectedItems.map((i) => ({ ...i, experimentName: edit.experiments[i.id] ?? i.experimentName })) },
  };
  await writeContentItem(env.DB, "home", "home", { ...home, banners: home.banners.map((b) => (b.id === id ? next : b)) }, now);
  return next;
}
