/**
 * The information and content-service calls (§7) against the seeded D1 content store: answers, 400/404, cache
 * headers, and the caches on an injected clock (a changed row shows only after 300 s, or 1 hour for the home).
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONTENT_ITEMS } from "#shared/content/items.ts";
import { EXPERIMENTS } from "#shared/experiments/definitions.ts";
import { reviewCounts } from "#worker/reviews/store.ts";
import { call, type ErrorBody } from "../helpers";
import { clock, freshCaches, restoreContent, setItem } from "./content-helpers";

beforeEach(freshCaches);
afterEach(restoreContent);

const get = async <T>(path: string) => {
  const res = await call(path);
  return { res, body: (await res.json()) as T };
};

describe("information calls (§7 Retailers and information)", () => {
  it("GET info/home answers the home data with users '14 million', cached publicly for an hour", async () => {
    const { res, body } = await get<{
      users: string;
      banners: { id: string; abData: { affectedItems: { experimentName: string }[] } }[];
      mediaMentions: unknown[];
    }>("/api/info/home");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(body.users).toBe("14 million");
    expect(body.banners.map((b) => b.id)).toContain("compare-first");
    expect(body.banners[0]!.abData.affectedItems[0]!.experimentName).toBe("Home_Shape_Grid");
    expect(body.mediaMentions.length).toBeGreaterThan(0);
  });

  it("GET info/home falls back to '14 million' when the stored users text is empty", async () => {
    await setItem("home", (d) => ({ ...d, users: null }));
    expect((await get<{ users: string }>("/api/info/home")).body.users).toBe("14 million");
  });

  it("POST info/index: reviewsCount is the reviews' total, the popular rings are the stored settings in order, the top reviews", async () => {
    const res = await call("/api/info/index", { method: "POST" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { reviewsCount: number; popularEngagementRings: { settings: { id: number }[] }; topReviews: unknown[] };
    expect(body.reviewsCount).toBe((await reviewCounts(env.DB)).total.count);
    expect(body.popularEngagementRings.settings.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.isArray(body.topReviews)).toBe(true);
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
  });

  it("POST info/index is kept for an hour: a changed ring list shows only after 1 hour", async () => {
    const ids = async () =>
      // One promo variant throughout (a visitor without cookies is bucketed at random, and each variant is cached apart).
      (
        (await (await call("/api/info/index?exc=Promocode_Variation_Global&exv=0", { method: "POST" })).json()) as {
          popularEngagementRings: { settings: { id: number }[] };
        }
      ).popularEngagementRings.settings.map((s) => s.id);
    expect(await ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await setItem("home", (d) => ({ ...d, popularEngagementRings: { title: "Popular", settingIds: [9, 10] } }));
    clock.advance(3_599_000);
    expect(await ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    clock.advance(2_000);
    expect(await ids()).toEqual([9, 10]);
  });

  it("GET info/Customer-Service and GET sections/help/pages/{id}; an unknown page 404, a bad id 400", async () => {
    const cs = await get<{ email: string; helpPages: { id: number; title: string }[] }>("/api/info/Customer-Service");
    expect(cs.res.status).toBe(200);
    expect(cs.body.helpPages.map((p) => p.id)).toEqual([1, 2, 3]);
    const page = await get<{ title: string; sections: unknown[] }>("/api/sections/help/pages/1");
    expect(page.body.title).toBe("Returns and exchanges");
    expect(page.res.headers.get("cache-control")).toBe("public, max-age=300");
    expect((await call("/api/sections/help/pages/99")).status).toBe(404);
    expect((await call("/api/sections/help/pages/abc")).status).toBe(400);
  });

  it("GET media-mentions lists the press mentions", async () => {
    const { body } = await get<{ mediaMentions: { outlet: string }[] }>("/api/media-mentions");
    expect(body.mediaMentions.map((m) => m.outlet)).toContain("Gem Trade Weekly");
  });

  it("GET faqs?displayOn=NewFAQ says settings start at $340, rose gold costs the same, 14K/18K gold and platinum (§9)", async () => {
    const { res, body } = await get<{ header: string; content: { header: string; description: string }[] }>("/api/faqs?displayOn=NewFAQ");
    expect(res.status).toBe(200);
    const text = body.content.map((e) => `${e.header} ${e.description}`).join(" ");
    expect(text).toContain("Settings start at $340");
    expect(text).toMatch(/Rose gold costs the same as white or yellow gold/);
    expect(text).toMatch(/14 karat or 18 karat gold/);
    expect(text).toMatch(/platinum/);
    const mission = await get<{ displayOn: string }>("/api/faqs?displayOn=NewMission");
    expect(mission.body.displayOn).toBe("NewMission");
  });

  it("GET faqs without a known displayOn is a 400 naming the field", async () => {
    for (const q of ["", "?displayOn=Home", "?displayOn=newfaq"]) {
      const res = await call(`/api/faqs${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toBe("displayOn");
    }
  });

  it("GET faq-sections answers sections with a questionList", async () => {
    const { body } = await get<{ sections: { title: string; questionList: { question: string; answer: string }[] }[] }>("/api/faq-sections");
    expect(body.sections.map((s) => s.title)).toEqual(["Ordering", "Shipping and delivery", "Care and warranty"]);
    expect(body.sections[0]!.questionList[0]!.question).toBe("How do I place an order?");
  });

  it("an FAQ edit shows only after the 300-s content cache expires", async () => {
    const first = async () => (await get<{ content: { header: string }[] }>("/api/faqs?displayOn=NewFAQ")).body.content[0]!.header;
    expect(await first()).toBe("What is Loupe?");
    await setItem("faqs-NewFAQ", (d) => ({ ...d, content: [{ id: "new", header: "A new question?", description: "A new answer." }] }));
    clock.advance(299_000);
    expect(await first()).toBe("What is Loupe?");
    clock.advance(2_000);
    expect(await first()).toBe("A new question?");
  });

  it("a stored item that no longer validates is left out (null, not cached by the browser) and the call still answers 200", async () => {
    await setItem("faq-sections", () => ({ sections: "broken" }));
    const res = await call("/api/faq-sections");
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("content-service calls (§7 Content services)", () => {
  it("GET content/item/{name} answers every stored item; an unknown name 404", async () => {
    for (const name of Object.keys(CONTENT_ITEMS)) {
      const res = await call(`/api/content/item/${name}`);
      expect(res.status, name).toBe(200);
      expect(await res.json(), name).not.toBeNull();
    }
    const res = await call("/api/content/item/NoSuchThing");
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe("not_found");
  });

  it("GET content/item/MarketingConfigurations has the welcome popup (WELCOME100, welcome-100-popup), cached 300 s", async () => {
    const { res, body } = await get<{ couponPopup: { code: string; source: string } }>("/api/content/item/MarketingConfigurations");
    expect(body.couponPopup).toMatchObject({ code: "WELCOME100", source: "welcome-100-popup" });
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("GET content/item/Experiments describes every experiment with its two variants' labels", async () => {
    const { res, body } = await get<{ experiments: { name: string; labelControl: string; labelTest: string }[] }>("/api/content/item/Experiments");
    expect(res.status).toBe(200);
    expect(body.experiments.map((e) => e.name).sort()).toEqual(EXPERIMENTS.map((e) => e.name).sort());
    const lock = body.experiments.find((e) => e.name === "Lock_Price")!;
    expect(lock.labelControl).not.toBe("");
    expect(lock.labelTest).not.toBe(lock.labelControl);
  });

  it("GET content/item/dynamicsearchpageheadingsubheading answers the search headings of migration 0007", async () => {
    const { body } = await get<{ headings: { pageId: string; heading: string }[] }>("/api/content/item/dynamicsearchpageheadingsubheading");
    expect(body.headings.find((h) => h.pageId === "setting-search")?.heading).toBe("Engagement Ring Settings");
  });

  it("GET content/tree/SurveyQuestions?tree=1 answers the survey as a tree; other trees 404", async () => {
    const { res, body } = await get<{ questions: { id: string; children: { when: string }[] }[] }>("/api/content/tree/SurveyQuestions?tree=1");
    expect(res.status).toBe(200);
    expect(body.questions[0]!.children[0]!.when).toBe("Other");
    expect((await call("/api/content/tree/Timer?tree=1")).status).toBe(404);
  });

  it("GET product-shippings/1, banner-singles, pop-up-cards, checkoutfaq; product-shippings/2 404", async () => {
    expect((await get<{ id: number }>("/api/product-shippings/1")).body.id).toBe(1);
    expect((await call("/api/product-shippings/2")).status).toBe(404);
    expect((await get<{ items: unknown[] }>("/api/banner-singles")).body.items.length).toBeGreaterThan(0);
    expect((await get<{ items: { placement: string }[] }>("/api/pop-up-cards")).body.items[0]!.placement).toBe("welcome-100-popup");
    expect((await get<{ displayOn: string }>("/api/checkoutfaq")).body.displayOn).toBe("Checkout");
  });

  it("the existing traffic alert and search heading calls keep working", async () => {
    expect((await call("/api/content/traffic-alert/tariff-2026")).status).toBe(200);
    expect((await call("/api/content/search-heading/setting-search")).status).toBe(200);
  });
});
