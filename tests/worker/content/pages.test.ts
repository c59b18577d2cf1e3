/**
 * The content pages: the home page's blocks and banner experiments, /faq, and the operator's /content view (admin
 * token, form posts, field messages, the admin API).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { topReviews } from "#worker/reviews/store.ts";
import { call, operatorCookie } from "../helpers";
import { clock, freshCaches, restoreContent, setItem } from "./content-helpers";

beforeEach(freshCaches);
afterEach(restoreContent);

const ADMIN = "test-admin-token";
const page = async (path: string, init: RequestInit = {}) => {
  const res = await call(path, init);
  return { res, html: await res.text() };
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as { "@type": string; mainEntity?: unknown[] },
  );

describe("the home page (/)", () => {
  it("shows the active banners, the popular rings, the media mentions and 'Join 14 million shoppers', with the Organization JSON-LD", async () => {
    const { res, html } = await page("/?exc=Home_Shape_Grid,Reviews_Snippet_Home&exv=0,0");
    expect(res.status).toBe(200);
    expect(html).toContain("Compare before you buy: one search across every retailer we list.");
    expect(html).toContain("Settings from $340, in 14K or 18K gold and platinum.");
    expect(html).not.toContain("Order by 15 December"); // inactive
    expect(html).toContain('id="popular-rings"');
    expect((html.match(/<li><a href="\/setting\//g) ?? []).length).toBe(8);
    expect(html).toContain("Gem Trade Weekly");
    expect(html).toContain("Join 14 million shoppers");
    // The top reviews, interleaved by provider and starting with provider 1 (the reviews store's best).
    const top = await topReviews(env.DB, -1);
    expect(top.length).toBeGreaterThan(0);
    expect(html).toContain('id="top-reviews"');
    for (const r of top) expect(html).toContain(r.author);
    expect(jsonLd(html).map((t) => t["@type"])).toContain("Organization");
  });

  it("shows each banner's item for the visitor's variant of its experiment", async () => {
    const { html } = await page("/?exc=Home_Shape_Grid,Reviews_Snippet_Home&exv=1,0");
    expect(html).toContain("Pick a shape and see every certified stone in it, from every retailer.");
    expect(html).toContain('data-experiment="Home_Shape_Grid"');
    expect(html).not.toContain("Compare before you buy");
    expect(html).toContain("Settings from $340");
  });

  it("a banner text changed in the store shows only after the home's hour", async () => {
    await page("/?exc=Home_Shape_Grid&exv=0");
    await setItem("home", (d) => ({ ...d, banners: (d.banners as { text: string }[]).map((b) => ({ ...b, text: "Changed banner text." })) }));
    clock.advance(3_599_000);
    expect((await page("/?exc=Home_Shape_Grid&exv=0")).html).not.toContain("Changed banner text.");
    clock.advance(2_000);
    expect((await page("/?exc=Home_Shape_Grid&exv=0")).html).toContain("Changed banner text.");
  });
});

describe("/faq", () => {
  it("shows the NewFAQ questions and the sections in <details>, with the FAQPage JSON-LD", async () => {
    const { res, html } = await page("/faq");
    expect(res.status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Frequently asked questions<\/h1>/);
    expect(html).toContain("<summary>How much does an engagement ring setting cost?</summary>");
    expect(html).toContain("Settings start at $340.");
    expect(html).toContain("<summary>How do I place an order?</summary>");
    const faq = jsonLd(html).find((t) => t["@type"] === "FAQPage");
    expect(faq?.mainEntity?.length).toBe(7 + 6);
    expect(html).toContain('<link rel="canonical" href="https://loupe.test/faq"');
  });
});

describe("the content view (/content)", () => {
  /** The admin session, from the local login form. */
  const session = () => operatorCookie("/content");
  const post = (cookie: string, fields: Record<string, string>) =>
    call("/content", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
      body: new URLSearchParams(fields),
    });

  it("is not found without the admin token, or with a wrong one", async () => {
    expect((await call("/content")).status).toBe(404);
    expect((await call("/content?token=wrong")).status).toBe(404);
    expect((await call("/api/content/admin")).status).toBe(404);
    expect((await call("/api/content/admin", { headers: { authorization: "Bearer wrong" } })).status).toBe(404);
  });

  it("lists the FAQ entries and banners, with a link to Articles", async () => {
    const { res, html } = await page("/content", { headers: { cookie: await session() } });
    expect(res.status).toBe(200);
    expect(html).toContain("What is Loupe?");
    expect(html).toContain('value="Home_Shape_Grid"');
    expect(html).toContain('<a href="/content/articles">Articles</a>');
  });

  it("adds, edits and removes an FAQ entry with form posts; /faq shows each edit at once", async () => {
    const cookie = await session();
    const added = await post(cookie, {
      form: "add-NewFAQ",
      intent: "add-faq",
      displayOn: "NewFAQ",
      header: "Do you sell gift cards?",
      description: "Not yet.",
    });
    expect(added.status).toBe(200);
    expect((await page("/faq")).html).toContain("<summary>Do you sell gift cards?</summary>");
    const edited = await post(cookie, {
      form: "x",
      intent: "edit-faq",
      displayOn: "NewFAQ",
      id: "do-you-sell-gift-cards",
      header: "Do you sell gift cards?",
      description: "Yes, from $50.",
    });
    expect(edited.status).toBe(200);
    expect((await page("/faq")).html).toContain("Yes, from $50.");
    await post(cookie, { form: "x", intent: "remove-faq", displayOn: "NewFAQ", id: "do-you-sell-gift-cards" });
    expect((await page("/faq")).html).not.toContain("Do you sell gift cards?");
  });

  it("an empty answer is a 400 with the message beside the field", async () => {
    const res = await post(await session(), { form: "add-NewFAQ", intent: "add-faq", displayOn: "NewFAQ", header: "A question?", description: "  " });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="add-NewFAQ-description-error"[^>]*>Write the answer</);
  });

  it("edits a banner (text, link, experiment, active) and the home page shows it at once; a bad link is a 400", async () => {
    const cookie = await session();
    const bad = await post(cookie, { form: "b", intent: "edit-banner", id: "holiday", text: "Hi", link: "javascript:alert(1)", linkText: "" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The link must be a site path");
    const ok = await post(cookie, {
      form: "b",
      intent: "edit-banner",
      id: "holiday",
      text: "Winter delivery dates are out.",
      link: "/faq",
      linkText: "See dates",
      active: "on",
    });
    expect(ok.status).toBe(200);
    expect((await page("/")).html).toContain("Winter delivery dates are out.");
  });

  it("the admin API edits with the bearer token: add, edit, remove, banner; unknown ids 404", async () => {
    const auth = { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" };
    const add = await call("/api/content/admin/faqs/NewMission/entries", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ header: "Who founded Loupe?", description: "Two gemologists." }),
    });
    expect(add.status).toBe(200);
    const id = ((await add.json()) as { content: { id: string }[] }).content.at(-1)!.id;
    expect(id).toBe("who-founded-loupe");
    const edit = await call(`/api/content/admin/faqs/NewMission/entries/${id}`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ header: "Who started Loupe?", description: "Two gemologists." }),
    });
    expect(edit.status).toBe(200);
    expect((await call("/api/content/admin/faqs/NewMission/entries/nope", { method: "DELETE", headers: auth })).status).toBe(404);
    expect((await call(`/api/content/admin/faqs/NewMission/entries/${id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    const banner = await call("/api/content/admin/banners/compare-first", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ text: "New text.", link: "/diamond-search", active: true, experiments: { "compare-first-grid": "Deal_Score_Badge" } }),
    });
    expect(banner.status).toBe(200);
    expect(((await banner.json()) as { abData: { affectedItems: { experimentName: string }[] } }).abData.affectedItems[0]!.experimentName).toBe(
      "Deal_Score_Badge",
    );
    expect(
      (await call("/api/content/admin/banners/nope", { method: "PUT", headers: auth, body: JSON.stringify({ text: "x", link: "/", active: true }) })).status,
    ).toBe(404);
    const invalid = await call("/api/content/admin/faqs/NewFAQ/entries", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ header: "", description: "x" }),
    });
    expect(invalid.status).toBe(400);
  });
});
