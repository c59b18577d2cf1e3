import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { generateDiamonds } from "#shared/catalogue/generate-diamonds.ts";
import { FREE_STUDS_THRESHOLD_USD } from "#shared/cart/model.ts";
import type { CartView } from "#shared/cart/schemas.ts";
import { SHAPES, labelOf } from "#shared/enums.ts";
import { formatCents } from "#shared/cents.ts";
import type { Diamond } from "#shared/schemas.ts";
import type {
  SettingDetail,
  SettingFiltersInput,
  SettingSearchResponse,
  SettingSummary,
  SettingSummaryList,
  StudSettingsRequest,
} from "#shared/settings/schemas.ts";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { CartPage } from "./pages/cart";
import { DiamondSearchPage } from "./pages/diamond-search";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(url(path), body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const searchSettings = async (filters: SettingFiltersInput) =>
  (await api<SettingSearchResponse>("/api/search/settingsv2", { pageSize: 60, ...filters })).result.settings;
const settingDetail = (id: number, metal: number) => api<SettingDetail>(`/api/settings/${id}/${metal}`);
const diamond = (id: number) => api<Diamond>(`/api/diamonds/${id}`);
const cartOf = async (page: Page) => (await (await page.request.get(url("/api/cart"))).json()) as CartView;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * An engagement ring setting with a matching band (found through the search API's isMatchingBand filter, not
 * hard-coded), in at least two available metals, preferring one that takes only some diamond shapes so the
 * diamond search has something to narrow.
 */
async function ringWithBand(): Promise<{ summary: SettingSummary; detail: SettingDetail }> {
  const candidates = (await searchSettings({ isMatchingBand: true })).filter((s) => s.metals.length >= 2);
  expect(candidates.length).toBeGreaterThan(0);
  let fallback: { summary: SettingSummary; detail: SettingDetail } | null = null;
  for (const summary of candidates.slice(0, 20)) {
    const detail = await settingDetail(summary.id, summary.metals[0]!.metal);
    if (!detail.matchingBand) continue;
    if (detail.shapes.length < SHAPES.length) return { summary, detail };
    fallback ??= { summary, detail };
  }
  return fallback!;
}

/** "Oval" or "(Round|Oval)": the shapes a setting takes, as diamond titles name them. */
const shapesPattern = (shapes: readonly number[]) => `(${shapes.map((c) => labelOf(SHAPES, c)).join("|")})`;

/** The complete-ring and complete-earrings page. */
class CompletePage {
  constructor(readonly page: Page) {}

  total() {
    return this.page.getByTestId("complete-total").innerText();
  }

  metal(name: string) {
    return this.page.getByRole("navigation", { name: "Metal" }).getByRole("link", { name: new RegExp(`^${escapeRegex(name)}( ·|$)`) });
  }

  addToCart() {
    return this.page.getByRole("button", { name: "Add to cart" }).click();
  }
}

/** Every line of the cart with its total (cents), setting and diamond first. */
function cartLines(cart: CartView) {
  const ring = cart.EngagementRings[0];
  return [ring?.setting, ring?.diamond, cart.PairedDiamond, ...cart.WeddingBands, ...cart.Studs, ...cart.Pendants, ...cart.FineJewelry].filter(
    (l) => l != null,
  );
}

describe("ring builder: a complete ring", () => {
  it("starting from a setting: choose it, find a diamond that fits, switch metal, add the matching band, and the cart adds up", async () => {
    const { summary, detail } = await ringWithBand();
    const first = summary.metals[0]!;
    const second = summary.metals[1]!;
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);

    // The setting page: "Choose this setting" adds it and goes to the diamond search for its shapes.
    await page.goto(url(`/setting/${summary.id}/${first.metal}`));
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Choose this setting" }).click();
    await page.waitForURL(/\/diamond-search\/s\?/);
    const searchUrl = new URL(page.url());
    expect(searchUrl.searchParams.get("setting")).toBe(String(summary.id));
    expect(searchUrl.searchParams.get("metal")).toBe(String(first.metal));
    const search = new DiamondSearchPage(page);
    await search.expectAllTitles(new RegExp(`${shapesPattern(detail.shapes)} (Lab-Grown )?Diamond$`));
    expect((await cartOf(page)).EngagementRings[0]?.setting?.variantId).toBe(first.id);

    // A diamond from the results; its page offers to complete the ring with the chosen setting.
    await search.cards().first().click();
    await page.waitForURL(/\/diamond\/\d+\//);
    const diamondId = Number(/\/diamond\/(\d+)\//.exec(page.url())![1]);
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("link", { name: "Complete your ring" }).click();
    await page.waitForURL(new RegExp(`/complete-ring/${first.metal}/${diamondId}\\?setting=${summary.id}$`));

    // The complete-ring page: another metal, a ring size, the matching band; the total follows.
    const cp = new CompletePage(page);
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    await cp.metal(second.metalName).click();
    await page.waitForURL(new RegExp(`/complete-ring/${second.metal}/${diamondId}\\?setting=${summary.id}$`));
    const [inSecond, stone] = await Promise.all([settingDetail(summary.id, second.metal), diamond(diamondId)]);
    const band = inSecond.matchingBand!;
    await expect.poll(() => cp.total()).toBe(formatCents(inSecond.selectedVariant.price + stone.price));
    await page.getByLabel("Ring size").selectOption("6");
    await page.getByRole("checkbox", { name: /Add the matching band/ }).check();
    const expected = inSecond.selectedVariant.price + stone.price + band.price;
    await expect.poll(() => cp.total()).toBe(formatCents(expected));
    await page.getByLabel("Band size").selectOption("6.5");
    await cp.addToCart();

    // The cart: the setting in the second metal with the ring size, the diamond, the matching band with its size.
    await page.waitForURL(/\/cart$/);
    const cartPage = new CartPage(page);
    await expect.poll(() => cartPage.heading().innerText()).toMatch(/Bridal set/);
    const cart = await cartOf(page);
    const ring = cart.EngagementRings[0]!;
    expect([ring.setting?.productId, ring.setting?.variantId, ring.diamond?.productId, ring.RingSize]).toEqual([
      summary.id,
      inSecond.selectedVariant.id,
      diamondId,
      6,
    ]);
    expect(cart.WeddingBands.map((l) => [l.productId, l.variantId, l.size, l.isMatchingBand])).toEqual([[band.id, band.variantId, 6.5, true]]);
    const lines = cartLines(cart);
    expect(lines).toHaveLength(3);
    const sum = lines.reduce((s, l) => s + l.total, 0);
    expect(sum).toBe(expected);
    expect(cart.Subtotal).toBe(expected);
    expect(await cartPage.lineNames()).toEqual(lines.map((l) => l.name));
    await expect.poll(() => page.getByText("Matching band", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Order summary" }).locator('dt:text-is("Subtotal") + dd').innerText()).toBe(formatCents(expected));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("starting from a diamond: choose a setting for it, complete the ring, and the cart adds up", async () => {
    const { diamonds } = await api<{ diamonds: { id: number; slug: string }[] }>("/api/diamonds2", {
      diamondShapes: [1],
      pageSize: 1,
      priceMin: 1000,
      priceMax: 8000,
    });
    const d = diamonds[0]!;
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);

    await page.goto(url(`/diamond/${d.id}/${d.slug}`));
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("link", { name: "Choose a setting" }).click();
    await page.waitForURL(new RegExp(`/setting-search[^?]*\\?(.*&)?diamond=${d.id}(&|$)`));

    // A setting from the search: its page knows the diamond and offers to complete the ring.
    await page.locator(".setting-card-link").first().click();
    await page.waitForURL(new RegExp(`/setting/\\d+/\\d+\\?diamond=${d.id}$`));
    await expect.poll(() => page.getByRole("region", { name: "Your diamond" }).innerText()).toMatch(/Your diamond: \d+\.\d\d Carat Round/);
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("link", { name: "Complete your ring" }).click();
    await page.waitForURL(new RegExp(`/complete-ring/\\d+/${d.id}\\?setting=\\d+$`));
    const [, metal, settingId] = /\/complete-ring\/(\d+)\/\d+\?setting=(\d+)$/.exec(page.url())!.map(Number);
    const [setting, stone] = await Promise.all([settingDetail(settingId!, metal!), diamond(d.id)]);
    const expected = setting.selectedVariant.price + stone.price;

    const cp = new CompletePage(page);
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    expect(await cp.total()).toBe(formatCents(expected));
    await page.getByLabel("Ring size").selectOption("5.25");
    await cp.addToCart();

    await page.waitForURL(/\/cart$/);
    const cart = await cartOf(page);
    const ring = cart.EngagementRings[0]!;
    expect([cart.Kind, ring.setting?.variantId, ring.diamond?.productId, ring.RingSize]).toEqual(["complete-ring", setting.selectedVariant.id, d.id, 5.25]);
    expect(cart.WeddingBands).toEqual([]);
    const lines = cartLines(cart);
    expect(lines.reduce((s, l) => s + l.total, 0)).toBe(expected);
    expect(cart.Subtotal).toBe(expected);
    expect(await new CartPage(page).lineNames()).toEqual(lines.map((l) => l.name));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("works without JavaScript: the form asks for the band's size, then adds the ring and band", async () => {
    const { summary, detail } = await ringWithBand();
    const { diamonds } = await api<{ diamonds: { id: number }[] }>("/api/diamonds2", {
      diamondShapes: [detail.shapes[0]!],
      pageSize: 1,
      priceMin: 1000,
      priceMax: 8000,
    });
    const diamondId = diamonds[0]!.id;
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const { page } = await openPage(context);
    const path = `/complete-ring/${summary.metals[0]!.metal}/${diamondId}?setting=${summary.id}`;
    await page.goto(url(path));
    await page.getByLabel("Ring size").selectOption("7.5");
    await page.getByRole("checkbox", { name: /Add the matching band/ }).check();
    await page.getByRole("button", { name: "Add to cart" }).click();
    // The band's size is missing: the page answers with the message, nothing is added.
    await expect.poll(() => page.getByRole("alert").innerText()).toBe("Choose a size for the matching band");
    expect((await cartOf(page)).Kind).toBe("empty");

    await page.goto(url(path));
    await page.getByLabel("Ring size").selectOption("7.5");
    await page.getByRole("checkbox", { name: /Add the matching band/ }).check();
    await page.getByLabel("Band size").selectOption("7");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(/\/cart$/);
    const cart = await cartOf(page);
    expect([cart.Kind, cart.EngagementRings[0]?.RingSize, cart.WeddingBands[0]?.size, cart.WeddingBands[0]?.isMatchingBand]).toEqual([
      "bridal-set",
      7.5,
      7,
      true,
    ]);
    expect(await new CartPage(page).lines().count()).toBe(3);
    await context.close();
  });

  it("explains when there is no setting or it does not hold the diamond's shape, and 404s an unknown diamond", async () => {
    // A setting that does not take every shape, and a diamond of a shape it does not take.
    const { detail } = await ringWithBand();
    const other = SHAPES.find((s) => !detail.shapes.includes(s.code));
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const { diamonds } = await api<{ diamonds: { id: number }[] }>("/api/diamonds2", { diamondShapes: [other?.code ?? 1], pageSize: 1 });
    const diamondId = diamonds[0]!.id;

    await page.goto(url(`/complete-ring/${detail.metalId}/${diamondId}`));
    expect(await page.locator("main").getByRole("note").innerText()).toMatch(/^Choose a setting for your diamond first\./);
    expect(await page.locator("main").getByRole("note").getByRole("link").getAttribute("href")).toBe(
      `/setting-search/s?shape=${other?.slug ?? "round"}&diamond=${diamondId}`,
    );
    if (other) {
      await page.goto(url(`/complete-ring/${detail.metalId}/${diamondId}?setting=${detail.id}`));
      expect(await page.locator("main").getByRole("note").innerText()).toMatch(new RegExp(`This setting does not hold a ${other.slug} diamond`));
      expect(await page.getByRole("button", { name: "Add to cart" }).count()).toBe(0);
      // The setting page says so too, with the way to settings that do.
      await page.goto(url(`${detail.url}?diamond=${diamondId}`));
      expect(await page.locator("main").getByRole("note").innerText()).toMatch(new RegExp(`This setting does not hold a ${other.slug} diamond`));
      expect(await page.getByRole("link", { name: "Complete your ring" }).count()).toBe(0);
    }
    expect(errors).toEqual([]);
    expect((await page.goto(url(`/complete-ring/2/999999999?setting=${detail.id}`)))!.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Page not found");
    await context.close();
  });
});

describe("ring builder: complete earrings", () => {
  /** A listed, available diamond that has an available matched pair (found from the seed's own generator). */
  async function pairedDiamond(): Promise<Diamond> {
    const { diamonds } = generateDiamonds(0, 5000, Date.UTC(2026, 10, 1));
    for (const row of diamonds.filter((x) => x.paired_diamond_id !== null && x.id < x.paired_diamond_id)) {
      const res = await fetch(url(`/api/diamonds/${row.id}`));
      if (res.status !== 200) continue;
      const d = (await res.json()) as Diamond;
      if (d.isSold || !d.pairedDiamond) continue;
      const pair = await fetch(url(`/api/diamonds/${d.pairedDiamond.id}`));
      if (pair.status === 200 && !((await pair.json()) as Diamond).isSold) return d;
    }
    throw new Error("no paired diamond in the e2e catalogue");
  }

  it("picks a stud setting for a pair of diamonds, totals the studs and the pair, and adds both to the cart", async () => {
    const d = await pairedDiamond();
    const req: StudSettingsRequest = { shape: d.shape, size: d.carat, retailerId: d.retailer.id };
    const studs = (await api<SettingSummaryList>("/api/studsettings", req)).settings;
    const inMetal = studs.flatMap((s) => s.metals.filter((m) => m.metal === 2).map((m) => ({ s, m })));
    expect(inMetal.length).toBeGreaterThan(0);
    const pick = inMetal[inMetal.length > 1 ? 1 : 0]!;
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    await page.goto(url(`/complete-earrings/2/${d.id}`));
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    const cp = new CompletePage(page);
    const pairPrice = d.price + d.pairedDiamond!.price;
    // §9: from FREE_STUDS_THRESHOLD_USD of other items, the cart gives one pair of stud settings free; the page says so.
    const studsFree = pairPrice >= FREE_STUDS_THRESHOLD_USD * 100;
    const totalWith = (studPrice: number) => pairPrice + (studsFree ? 0 : studPrice);
    await expect.poll(() => cp.total()).toBe(formatCents(totalWith(inMetal[0]!.m.price)));
    await page
      .getByRole("group", { name: "Stud setting" })
      .getByRole("radio", { name: new RegExp(`^${escapeRegex(pick.s.name)} `) })
      .check();
    await expect.poll(() => cp.total()).toBe(formatCents(totalWith(pick.m.price)));
    await cp.addToCart();
    await page.waitForURL(/\/cart$/);
    const cart = await cartOf(page);
    expect([cart.Kind, cart.Studs.map((l) => l.variantId), cart.EngagementRings[0]?.diamond?.productId, cart.PairedDiamond?.productId]).toEqual([
      "earring-setting",
      [pick.m.id],
      d.id,
      d.pairedDiamond!.id,
    ]);
    expect(cart.Subtotal).toBe(totalWith(pick.m.price));
    expect(cartLines(cart).reduce((s, l) => s + l.total, 0)).toBe(cart.Subtotal);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says so when the diamond is not part of a pair", async () => {
    const { diamonds } = generateDiamonds(0, 50, Date.UTC(2026, 10, 1));
    const single = diamonds.find((x) => x.paired_diamond_id === null)!;
    const context = await shopperContext(browser);
    const { page } = await openPage(context);
    await page.goto(url(`/complete-earrings/2/${single.id}`));
    expect(await page.locator("main").getByRole("note").innerText()).toMatch(/Earrings need a matched pair of diamonds/);
    expect(await page.getByRole("button", { name: "Add to cart" }).count()).toBe(0);
    await context.close();
  });
});
