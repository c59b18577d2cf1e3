/** Pure content code: the seed against its schemas, banner variants, operator input, entry ids, timeouts. */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { contentItemSeedStatements, HOME_DATA, seededContentItems } from "#shared/content-seed/content.ts";
import { FaqEntryInput } from "#shared/content/faq.ts";
import { BannerEdit, DEFAULT_USERS_TEXT, shownBanners } from "#shared/content/home.ts";
import { CONTENT_ITEMS, itemSchema } from "#shared/content/items.ts";
import { entryIdFor } from "#worker/content/admin.ts";
import { timeoutFor } from "#worker/content/upstream.ts";

describe("the content seed", () => {
  it("has every stored item, and each validates against its schema", () => {
    const items = seededContentItems();
    for (const name of Object.keys(CONTENT_ITEMS)) expect(Object.keys(items), name).toContain(name);
    for (const [name, data] of Object.entries(items)) {
      const schema = itemSchema(name);
      expect(schema, name).toBeDefined();
      const r = v.safeParse(schema!, data);
      expect(r.success, `${name}: ${r.issues?.[0]?.message}`).toBe(true);
    }
  });

  it("only inserts missing rows, one statement per item, each under 100 KB", () => {
    const statements = contentItemSeedStatements();
    expect(statements.length).toBe(Object.keys(seededContentItems()).length);
    for (const s of statements) {
      expect(s.startsWith("INSERT OR IGNORE INTO content_items")).toBe(true);
      expect(new TextEncoder().encode(s).byteLength).toBeLessThan(100_000);
    }
  });

  it("says '14 million' by default and seeds popular rings among the engagement ring settings (ids 1-180)", () => {
    expect(HOME_DATA.users).toBe(DEFAULT_USERS_TEXT);
    expect(DEFAULT_USERS_TEXT).toBe("14 million");
    expect(HOME_DATA.popularEngagementRings.settingIds.every((id) => id >= 1 && id <= 180)).toBe(true);
  });
});

describe("banners as a visitor sees them", () => {
  const banners = HOME_DATA.banners;
  it("shows active banners only, with the banner's own text for control", () => {
    const shown = shownBanners(banners, {});
    expect(shown.map((b) => b.id)).toEqual(["compare-first", "reviews"]);
    expect(shown[0]!.experimentName).toBeNull();
  });

  it("swaps in the item of the experiment variant the visitor gets", () => {
    const shown = shownBanners(banners, { Home_Shape_Grid: 1, Reviews_Snippet_Home: 0 });
    expect(shown[0]).toMatchObject({ text: "Pick a shape and see every certified stone in it, from every retailer.", experimentName: "Home_Shape_Grid" });
    expect(shown[1]!.experimentName).toBeNull();
  });
});

describe("operator input", () => {
  it("trims FAQ entries and refuses empty ones, with the message for the field", () => {
    expect(v.parse(FaqEntryInput, { header: "  Q?  ", description: " A. " })).toEqual({ header: "Q?", description: "A." });
    const r = v.safeParse(FaqEntryInput, { header: "Q?", description: "   " });
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toBe("Write the answer");
  });

  it("accepts a site path or an https link for a banner, nothing else", () => {
    const edit = (link: string) => v.safeParse(BannerEdit, { text: "Hi", link, active: true }).success;
    expect(edit("/faq")).toBe(true);
    expect(edit("https://example.com/x")).toBe(true);
    expect(edit("javascript:alert(1)")).toBe(false);
    expect(edit("//evil.example")).toBe(false);
    expect(edit("http://example.com")).toBe(false);
    expect(v.safeParse(BannerEdit, { text: "Hi", link: "/", active: true, experiments: { x: "bad name!" } }).success).toBe(false);
  });

  it("makes entry ids from the question, unique within the FAQ", () => {
    expect(entryIdFor("Do you sell gift cards?", new Set())).toBe("do-you-sell-gift-cards");
    expect(entryIdFor("Do you sell gift cards?", new Set(["do-you-sell-gift-cards"]))).toBe("do-you-sell-gift-cards-2");
    expect(entryIdFor("???", new Set())).toBe("entry");
  });

  it("gives MarketingConfigurations 5 s and every other read 30 s", () => {
    expect(timeoutFor("MarketingConfigurations")).toBe(5_000);
    expect(timeoutFor("home")).toBe(30_000);
  });
});
