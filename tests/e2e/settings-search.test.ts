import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launch, openPage, shopperContext, url } from "./pages/browser";

/** A setting, band or jewellery search page (client/routes/setting-search.tsx), through its roles and labels. */
class SettingSearchPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    const res = await this.page.goto(url(path));
    await this.page.getByRole("heading", { level: 1 }).waitFor();
    return res;
  }

  async waitForHydration() {
    await this.page.locator("body[data-hydrated]").waitFor({ state: "attached" });
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 }).innerText();
  }

  filters() {
    return this.page.getByRole("form", { name: "Filters" });
  }

  check(group: string, label: string) {
    return this.filters().getByRole("group", { name: group, exact: true }).getByRole("checkbox", { name: label, exact: true });
  }

  status() {
    return this.page.getByRole("status").innerText();
  }

  /** The number of matches the page states ("183 results", "19 Diamond Bracelets"). */
  async total(): Promise<number> {
    const m = /^([\d,]+) /.exec(await this.status());
    if (!m) throw new Error(`no count in "${await this.status()}"`);
    return Number(m[1]!.replace(/,/g, ""));
  }

  async cardHrefs(): Promise<string[]> {
    return this.page.locator(".ss-grid .setting-card-link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function shopper(options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; search: SettingSearchPage; errors: string[] }> {
  const context = await shopperContext(browser, options);
  const { page, errors } = await openPage(context);
  return { context, search: new SettingSearchPage(page), errors };
}

describe("engagement ring settings", () => {
  it("lists 20 settings a page, pages on, and filters by metal and style through the form", async () => {
    const { context, search, errors } = await shopper();
    const { page } = search;
    await search.open("/setting-search");
    await search.waitForHydration();
    expect(await search.heading()).toBe("Engagement Ring Settings");
    const first = await search.cardHrefs();
    expect(first).toHaveLength(20);
    for (const href of first) expect(href).toMatch(/^\/setting\/\d+\/\d+$/);
    const all = await search.total();
    expect(all).toBeGreaterThan(20);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/\/setting-search\/s\?page=2$/);
    await expect.poll(() => search.cardHrefs()).not.toEqual(first);
    const second = await search.cardHrefs();
    expect(second.filter((h) => first.includes(h))).toEqual([]);

    await search.check("Metal", "Platinum").check();
    await page.waitForURL(/\/setting-search\/s\?metal=platinum$/);
    await expect.poll(() => search.total()).toBeLessThan(all);
    const platinum = await search.total();
    await search.check("Style", "Halo").check();
    await page.waitForURL(/\/setting-search\/s\?metal=platinum&style=halo$/);
    await expect.poll(() => search.total()).toBeLessThan(platinum);
    expect(await search.check("Metal", "Platinum").isChecked()).toBe(true);
    expect(await search.cardHrefs()).not.toHaveLength(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters without JavaScript: the GET form lands on the canonical semantic URL", async () => {
    const { context, search } = await shopper({ javaScriptEnabled: false });
    await search.open("/setting-search");
    const all = await search.total();
    await search.check("Metal", "18K Rose Gold").check();
    await search.check("Style", "Solitaire").check();
    await search.filters().getByRole("button", { name: "Show results" }).click();
    await search.page.waitForURL(/\/setting-search\/s\?metal=18k-rose-gold&style=solitaire$/);
    const total = await search.total();
    expect(total).toBeLessThan(all);
    // "Save search" is a plain POST form too.
    await search.page.getByRole("button", { name: "Save search", exact: true }).click();
    await search.page.waitForURL(/\/setting-search\/[0-9a-z]{12}$/);
    expect(await search.total()).toBe(total);
    expect(await search.check("Metal", "18K Rose Gold").isChecked()).toBe(true);
    await context.close();
  });

  it("saves a search and restores it by its searchId; an unknown searchId says 'No filters found'", async () => {
    const { context, search, errors } = await shopper();
    const { page } = search;
    await search.open("/setting-search/s?metal=14k-yellow-gold&sort=price-desc");
    await search.waitForHydration();
    const hrefs = await search.cardHrefs();
    const total = await search.total();
    await page.getByRole("button", { name: "Save search", exact: true }).click();
    await page.waitForURL(/\/setting-search\/[0-9a-z]{12}$/);
    const saved = new URL(page.url()).pathname;
    await expect.poll(() => page.getByRole("note").filter({ hasText: "Saved search" }).innerText()).toContain(saved);

    await page.reload();
    await search.waitForHydration();
    expect(new URL(page.url()).pathname).toBe(saved);
    expect(await search.total()).toBe(total);
    expect(await search.cardHrefs()).toEqual(hrefs);
    expect(await search.check("Metal", "14K Yellow Gold").isChecked()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Sort by" }).inputValue()).toBe("price-desc");
    expect(errors).toEqual([]);

    const res = await search.open("/setting-search/zzzzzzzzzzzz");
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole("alert").innerText()).toMatch(/^No filters found/);
    expect(await search.cardHrefs()).toHaveLength(20);
    await context.close();
  });

  it("is the ring builder's second step when a diamond is chosen", async () => {
    const { context, search } = await shopper();
    await search.open("/setting-search/s?shape=oval&diamond=123");
    expect(await search.page.getByRole("note").filter({ hasText: "Choosing a setting for your diamond" }).getByRole("link").getAttribute("href")).toBe(
      "/diamond/123",
    );
    const hrefs = await search.cardHrefs();
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/setting\/\d+\/\d+\?diamond=123$/);
    expect(await search.check("Diamond shape", "Oval").isChecked()).toBe(true);
    expect(await search.filters().locator('input[type="hidden"][name="diamond"]').inputValue()).toBe("123");
    await context.close();
  });
});

describe("wedding bands", () => {
  it.each(["/wedding-rings", "/mens-wedding-bands"])("%s lists only bands", async (path) => {
    const { context, search, errors } = await shopper();
    await search.open(path);
    await search.waitForHydration();
    const hrefs = await search.cardHrefs();
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/wedding-ring\/\d+\/\d+$/);
    expect(await search.filters().getByRole("group", { name: "Width (mm)" }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("jewellery", () => {
  it("shows 'Jewelry Gifts', the four buttons and at most 19 pieces a page", async () => {
    const { context, search, errors } = await shopper();
    await search.open("/jewelry-search");
    await search.waitForHydration();
    expect(await search.heading()).toBe("Jewelry Gifts");
    const kinds = search.page.getByRole("navigation", { name: "Jewelry type" }).getByRole("link");
    expect(await kinds.allInnerTexts()).toEqual(["bracelets", "necklaces", "earrings", "items"]);
    expect(await kinds.last().getAttribute("aria-current")).toBe("page");
    expect(await search.status()).toMatch(/^\d+ items$/);
    expect(await search.cardHrefs()).toHaveLength(19);

    await kinds.first().click();
    await search.page.waitForURL(/\/jewelry-search\/bracelets$/);
    await expect.poll(() => search.heading()).toBe("Shop Diamond Bracelets");
    expect(await search.status()).toMatch(/^\d+ Diamond Bracelets$/);
    expect(await search.page.getByRole("link", { name: "bracelets", exact: true }).getAttribute("aria-current")).toBe("page");
    const cards = await search.cardHrefs();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(19);
    for (const href of cards) expect(href).toMatch(/^\/fine-jewelry\/\d+\/\d+$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes its heading and subheading from h1 and h2", async () => {
    const { context, search } = await shopper();
    await search.open("/jewelry-search?h1=Gifts%20for%20Her&h2=Under%20%241000");
    expect(await search.heading()).toBe("Gifts for Her");
    expect(await search.page.locator(".intro").innerText()).toBe("Under $1000");
    await context.close();
  });

  it("sends the earring page's Presets option to the preset earrings, with and without JavaScript", async () => {
    const { context, search, errors } = await shopper();
    await search.open("/earrings");
    await search.waitForHydration();
    await search.check("Style", "Presets").check();
    await search.page.waitForURL(/\/jewelry-search\/earrings$/);
    await expect.poll(() => search.heading()).toBe("Shop Diamond Earrings");
    expect(errors).toEqual([]);
    await context.close();

    const plain = await shopper({ javaScriptEnabled: false });
    await plain.search.open("/earrings-search/s?style=presets");
    expect(new URL(plain.search.page.url()).pathname).toBe("/jewelry-search/earrings");
    await plain.context.close();
  });
});

describe("collections", () => {
  it("renders a collection, in the dark theme when chosen, and an unknown one is not found", async () => {
    const { context, search, errors } = await shopper();
    await search.open("/setting-search/collections/halo");
    await search.waitForHydration();
    expect(await search.heading()).toBe("Halo Settings");
    expect(await search.cardHrefs()).not.toHaveLength(0);
    expect(await search.page.locator(".ss-dark").count()).toBe(0);
    expect(errors).toEqual([]);

    await context.addCookies([{ name: "loupe_theme", value: "dark", url: url("/") }]);
    await search.open("/setting-search/collections/halo");
    expect(await search.page.locator(".ss-dark").count()).toBe(1);
    await search.open("/jewelry-search/collections/tennis");
    expect(await search.page.locator(".ss-dark").count()).toBe(0);

    const res = await search.open("/setting-search/collections/no-such-collection");
    expect(res?.status()).toBe(404);
    expect(await search.heading()).toBe("Page not found");
    await context.close();
  });
});
