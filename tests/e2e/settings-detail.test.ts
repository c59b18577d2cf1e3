import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { formatUsd } from "#shared/money.ts";
import type { CartView } from "#shared/cart/schemas.ts";
import type { SettingDetail, SettingFiltersInput, SettingSearchResponse, SettingSummary } from "#shared/settings/schemas.ts";
import { launch, openPage, shopperContext, url } from "./pages/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Settings matching filters, through the API the search pages use (never hard-coded ids). */
async function searchSettings(filters: SettingFiltersInput & { pageSize?: number }): Promise<SettingSummary[]> {
  const res = await fetch(url("/api/search/settingsv2"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pageSize: 60, ...filters }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as SettingSearchResponse).result.settings;
}

async function settingDetail(id: number, metal: number): Promise<SettingDetail> {
  const res = await fetch(url(`/api/settings/${id}/${metal}`));
  expect(res.status).toBe(200);
  return (await res.json()) as SettingDetail;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The setting detail page (/setting, /wedding-ring, …) as a shopper uses it. */
class SettingPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    const res = await this.page.goto(url(path));
    await this.page.getByRole("heading", { level: 1 }).waitFor();
    return res;
  }

  waitForHydration() {
    return this.page.locator("body[data-hydrated]").waitFor({ state: "attached" });
  }

  price() {
    return this.page.getByTestId("price");
  }

  mainImage() {
    return this.page.locator(".sd-main-image");
  }

  metal(name: string) {
    return this.page.getByRole("navigation", { name: "Metal" }).getByRole("link", { name: new RegExp(`^${escapeRegex(name)} ·`) });
  }

  similarRings() {
    return this.page.locator("ul.similar-rings > li");
  }
}

describe("setting detail page", () => {
  it("switches metal: the URL, the price and the images change; the gallery switches views; no errors", async () => {
    // A ring whose cheapest and dearest metals differ in price.
    const ring = (await searchSettings({})).find((s) => s.metals.length >= 2 && s.metals[0]!.price !== s.metals[s.metals.length - 1]!.price)!;
    const from = ring.metals[0]!;
    const to = ring.metals[ring.metals.length - 1]!;
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const sp = new SettingPage(page);

    // /setting/{id} names no metal: it opens in the setting's default metal.
    await sp.open(`/setting/${ring.id}`);
    await page.waitForURL(new RegExp(`/setting/${ring.id}/\\d+$`));

    await sp.open(`/setting/${ring.id}/${from.metal}`);
    await sp.waitForHydration();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(ring.name);
    await expect.poll(() => sp.price().innerText()).toContain(formatUsd(from.price));
    expect(await sp.mainImage().getAttribute("src")).toMatch(new RegExp(`-${from.metal}\\.svg$`));
    expect(await sp.metal(from.metalName).getAttribute("aria-current")).toBe("true");

    await sp.metal(to.metalName).click();
    await page.waitForURL(new RegExp(`/setting/${ring.id}/${to.metal}$`));
    await expect.poll(() => sp.price().innerText()).toContain(formatUsd(to.price));
    await expect.poll(() => sp.mainImage().getAttribute("src")).toMatch(new RegExp(`-${to.metal}\\.svg$`));
    expect(await sp.metal(to.metalName).getAttribute("aria-current")).toBe("true");

    // The gallery: thumbnails are buttons that show their view.
    const thumbs = page.getByRole("list", { name: "Images" }).getByRole("button");
    const count = await thumbs.count();
    expect(count).toBeGreaterThan(1);
    await thumbs.nth(1).click();
    await expect.poll(() => thumbs.nth(1).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => sp.mainImage().getAttribute("src")).toMatch(/\/images\/ring-view\//);
    await thumbs.nth(0).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => sp.mainImage().getAttribute("src")).toMatch(new RegExp(`/images/settings/.*-${to.metal}\\.svg$`));

    // Back returns to the first metal (a metal change is a navigation, not a replacement).
    await page.goBack();
    await page.waitForURL(new RegExp(`/setting/${ring.id}/${from.metal}$`));
    await expect.poll(() => sp.price().innerText()).toContain(formatUsd(from.price));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a discounted price struck through with its percentage off", async () => {
    const all = [...(await searchSettings({})), ...(await searchSettings({ itemType: 0 }))];
    const discounted = all.find((s) => s.metals[0]!.priceBeforeDiscount !== null)!;
    const m = discounted.metals[0]!;
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const sp = new SettingPage(page);
    await sp.open(discounted.url);
    await sp.waitForHydration();
    const price = sp.price();
    expect(await price.locator("s").innerText()).toBe(formatUsd(m.priceBeforeDiscount!));
    expect(await price.locator("strong").innerText()).toBe(formatUsd(m.price));
    expect(await price.innerText()).toContain(`${m.discountPercentage}% off`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers 404 with the not-found page for an unknown or malformed id, and moves an item to its own page family", async () => {
    const context = await shopperContext(browser);
    const { page } = await openPage(context);
    for (const path of ["/setting/999999/2", "/setting/abc/2", "/wedding-ring/0/2"]) {
      const res = await page.goto(url(path));
      expect(res!.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Page not found");
    }
    // A wedding band opened under /setting/ redirects to its /wedding-ring/ page.
    const band = (await searchSettings({ itemType: 0 }))[0]!;
    await page.goto(url(band.url.replace("/wedding-ring/", "/setting/")));
    await page.waitForURL(new RegExp(`${escapeRegex(band.url)}$`));
    await context.close();
  });

  it("adds a wedding band to the cart with its size", async () => {
    const band = (await searchSettings({ itemType: 0 }))[0]!;
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const sp = new SettingPage(page);
    await sp.open(band.url);
    await sp.waitForHydration();
    await page.getByLabel("Ring size").selectOption("6.5");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.locator("li.cart-line .cart-line-body > a").allInnerTexts()).toContain(`${band.name} in ${band.metals[0]!.metalName}`);
    const cart = (await (await page.request.get(url("/api/cart"))).json()) as CartView;
    expect(cart.WeddingBands.map((l) => [l.productId, l.variantId, l.size])).toEqual([[band.id, band.metals[0]!.id, 6.5]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 12 similar rings in a grid for Similar_Rings_As_Grid, 6 in a row otherwise", async () => {
    const ring = (await searchSettings({}))[0]!;
    const path = `/setting/${ring.id}/${ring.metals[0]!.metal}`;
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const sp = new SettingPage(page);
    await sp.open(`${path}?exc=Similar_Rings_As_Grid&exv=1`);
    expect(await page.locator("ul.similar-rings").getAttribute("data-layout")).toBe("grid");
    expect(await sp.similarRings().count()).toBe(12);
    await sp.open(`${path}?exc=Similar_Rings_As_Grid&exv=0`);
    await sp.waitForHydration();
    expect(await page.locator("ul.similar-rings").getAttribute("data-layout")).toBe("row");
    expect(await sp.similarRings().count()).toBe(6);
    // Similar rings leave this ring out and link to ring pages.
    const hrefs = await sp
      .similarRings()
      .locator("a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.every((h) => /^\/(setting|engagement-ring)\/\d+\/\d+$/.test(h ?? "") && !h!.startsWith(`/setting/${ring.id}/`))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("repeats the main action in the sticky bar for Sticky_Checkout_Button: a band's bar adds it with the size chosen above", async () => {
    const band = (await searchSettings({ itemType: 0 }))[1]!;
    const context = await shopperContext(browser, {}, { Sticky_Checkout_Button: 1 });
    const { page, errors } = await openPage(context);
    const sp = new SettingPage(page);
    await sp.open(band.url);
    await sp.waitForHydration();
    const bar = page.getByTestId("sticky-checkout");
    await expect.poll(() => bar.isVisible()).toBe(true);
    await page.getByLabel("Ring size").selectOption("7");
    await bar.getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(/\/cart$/);
    const cart = (await (await page.request.get(url("/api/cart"))).json()) as CartView;
    expect(cart.WeddingBands.map((l) => [l.productId, l.size])).toEqual([[band.id, 7]]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("ring viewer", () => {
  it("hides the header, footer and announcement; drag, keys and buttons turn the drawing; shape and metal follow the URL", async () => {
    const ring = (await searchSettings({})).find((s) => s.metals.length >= 2)!;
    const detail = await settingDetail(ring.id, ring.metals[0]!.metal);
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const sp = new SettingPage(page);
    await sp.open(detail.url);
    await sp.waitForHydration();
    await page.getByRole("link", { name: "View in 3D" }).click();
    await page.waitForURL(/\/viewer\?setting=\d+&metal=\d+&shape=[a-z]+$/);
    await page.getByRole("slider").waitFor();
    expect(await page.getByRole("banner").count()).toBe(0);
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    expect(await page.locator(".announcement").count()).toBe(0);

    const slider = page.getByRole("slider");
    const drawing = () => slider.locator("svg").evaluate((svg) => svg.outerHTML);
    const first = await drawing();
    expect(await slider.getAttribute("aria-valuenow")).toBe("0");
    await page.getByRole("button", { name: "Turn right" }).click();
    await expect.poll(() => slider.getAttribute("aria-valuenow")).toBe("15");
    expect(await drawing()).not.toBe(first);
    await slider.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => slider.getAttribute("aria-valuenow")).toBe("345");
    await page.keyboard.press("Home");
    await expect.poll(() => drawing()).toBe(first);

    // Dragging turns it.
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => slider.getAttribute("aria-valuenow")).toBe("60");

    // Auto-rotation turns it on its own until it is switched off.
    const auto = page.getByRole("button", { name: "Auto-rotate" });
    await auto.click();
    await expect.poll(() => slider.getAttribute("aria-valuenow")).not.toBe("60");
    await auto.click();
    expect(await auto.getAttribute("aria-pressed")).toBe("false");

    // The shape and metal pickers replace the URL (Back leaves the viewer).
    const other = detail.shapes.length > 1 ? detail.shapes[1]! : null;
    if (other !== null) {
      const shapeLink = page.getByRole("navigation", { name: "Diamond shape" }).getByRole("link").nth(1);
      const label = (await shapeLink.innerText()).toLowerCase();
      await shapeLink.click();
      await page.waitForURL(new RegExp(`shape=${label}$`));
      await expect.poll(() => slider.locator("svg").getAttribute("aria-label")).toContain(label);
    }
    const metal = ring.metals[1]!;
    await page.getByRole("navigation", { name: "Metal" }).getByRole("link", { name: metal.metalName, exact: true }).click();
    await page.waitForURL(new RegExp(`metal=${metal.metal}&`));
    await expect.poll(() => slider.locator("svg").getAttribute("aria-label")).toContain(metal.metalName);
    await page.goBack();
    await page.waitForURL(new RegExp(`${escapeRegex(detail.url)}$`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws the ring without JavaScript, and a style alone is enough", async () => {
    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const { page } = await openPage(context);
    await page.goto(url("/viewer?style=halo&metal=6&shape=oval"));
    expect(await page.getByRole("slider").locator("svg").getAttribute("aria-label")).toMatch(/Halo.*14K Rose Gold.*oval/i);
    expect(await page.getByRole("banner").count()).toBe(0);
    expect((await page.goto(url("/viewer?setting=999999")))!.status()).toBe(404);
    await context.close();
  });
});
