import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Request } from "playwright-core";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { E2E_ADMIN_TOKEN } from "./server";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Two diamonds' page paths (the first two results of a search). */
async function diamondPaths(): Promise<[string, string]> {
  const res = await fetch(url("/api/diamonds2"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pageSize: 2, priceMin: 1000, priceMax: 20000 }) });
  const { diamonds } = (await res.json()) as { diamonds: { id: number; slug: string }[] };
  return [`/diamond/${diamonds[0]!.id}/${diamonds[0]!.slug}`, `/diamond/${diamonds[1]!.id}/${diamonds[1]!.slug}`];
}

/** The experiment events the page posts, with when they left. */
function recordEvents(page: import("playwright-core").Page): { name: string; variant: number; at: number }[] {
  const events: { name: string; variant: number; at: number }[] = [];
  page.on("request", (r: Request) => {
    if (r.method() === "POST" && r.url().endsWith("/api/experiments/events")) events.push({ ...(r.postDataJSON() as { name: string; variant: number }), at: Date.now() });
  });
  return events;
}

describe("experiments in the browser", () => {
  it("?exc=Sticky_Checkout_Button&exv=1 shows the sticky button from the server's first byte, and the cookie keeps it on the next page", async () => {
    // The visitor starts in the control (pinned cookie 0): forcing overrides it.
    const context = await shopperContext(browser, {}, { Sticky_Checkout_Button: 0 });
    const { page, errors } = await openPage(context);
    const [first, second] = await diamondPaths();
    const res = await page.goto(url(`${first}?exc=Sticky_Checkout_Button&exv=1`));
    const html = await res!.text();
    expect(html).toContain('data-testid="sticky-checkout"');
    expect(html).toContain('\\"Sticky_Checkout_Button\\":1');
    await page.waitForSelector("body[data-hydrated=true]");
    const sticky = page.getByTestId("sticky-checkout");
    await expect.poll(() => sticky.isVisible()).toBe(true);
    // Fixed to the bottom of the screen.
    const box = (await sticky.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    expect((await context.cookies()).find((c) => c.name === "Sticky_Checkout_Button")?.value).toBe("1");

    // The next page, without the query: still the forced variant, server-rendered.
    const next = await page.goto(url(second));
    expect(await next!.text()).toContain('data-testid="sticky-checkout"');
    await expect.poll(() => sticky.isVisible()).toBe(true);
    // And it works: the sticky button adds the diamond.
    await sticky.getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.locator(".cart-lines").innerText()).toMatch(/\d\.\d\d ct/);
    expect(errors).toEqual([]);

    // The control has no sticky bar.
    const control = await shopperContext(browser, {}, { Sticky_Checkout_Button: 0 });
    const { page: plain } = await openPage(control);
    expect(await (await plain.goto(url(first)))!.text()).not.toContain('data-testid="sticky-checkout"');
    await context.close();
    await control.close();
  });

  it("asks for consent before any event when One_Trust_Script targets the visitor, then sends each event once, one at a time about 750 ms apart", async () => {
    const context = await shopperContext(browser, {}, { One_Trust_Script: 1 });
    const { page, errors } = await openPage(context);
    const events = recordEvents(page);
    await page.goto(url("/"));
    const banner = page.getByRole("dialog", { name: "Cookie consent" });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await page.waitForTimeout(2000);
    expect(events).toEqual([]);
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < events.length; i++) expect(events[i]!.at - events[i - 1]!.at).toBeGreaterThanOrEqual(700);
    expect(new Set(events.map((e) => e.name)).size).toBe(events.length);
    // The visitor's own variants, as the server assigned them.
    const assigned = (await (await page.request.get(url("/api/experiments/assignments"))).json()) as { experiments: { name: string; variant: number }[] };
    for (const e of events) expect(e.variant).toBe(assigned.experiments.find((a) => a.name === e.name)!.variant);

    // Another page: no banner again (the answer is kept), and no event twice.
    await page.waitForTimeout(1500);
    const sent = events.length;
    const before = new Set(events.map((e) => e.name));
    await page.goto(url("/diamond-search"));
    await page.waitForSelector("body[data-hydrated=true]");
    await page.waitForTimeout(2500);
    expect(await banner.count()).toBe(0);
    for (const e of events.slice(sent)) expect(before.has(e.name), e.name).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends nothing after the visitor declines", async () => {
    const context = await shopperContext(browser, {}, { One_Trust_Script: 1 });
    const { page } = await openPage(context);
    const events = recordEvents(page);
    await page.goto(url("/diamond-search"));
    await page.getByRole("dialog", { name: "Cookie consent" }).getByRole("button", { name: "Decline" }).click();
    await page.waitForTimeout(3000);
    expect(events).toEqual([]);
    await context.close();
  });

  it("opens the marketer view only with the admin token, lists every experiment, and pauses and resumes one", async () => {
    // Start from the deployed definition (a run stopped half-way may have left its override).
    await fetch(url("/api/experiments/Reviews_Snippet_Home/override"), { method: "DELETE", headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
    const context = await shopperContext(browser);
    const { page } = await openPage(context);
    const hidden = await page.goto(url("/experiments"));
    expect(hidden!.status()).toBe(404);
    await page.goto(url(`/experiments?token=${E2E_ADMIN_TOKEN}`));
    expect(new URL(page.url()).search).toBe("");
    await expect.poll(() => page.locator("tr[data-experiment]").count()).toBe(40);
    const row = page.locator('tr[data-experiment="Reviews_Snippet_Home"]');
    expect(await row.getByRole("link", { name: "Review snippets on the home page" }).getAttribute("href")).toBe(url("/?exc=Reviews_Snippet_Home&exv=1"));
    await page.waitForSelector("body[data-hydrated=true]");
    await row.getByRole("button", { name: "Pause" }).click();
    await expect.poll(() => page.locator(".experiments-page [role=status]").innerText()).toContain("Reviews_Snippet_Home: saved");
    await expect.poll(() => row.locator("th").innerText()).toContain("overridden");
    await row.getByRole("button", { name: "Reset" }).click();
    await expect.poll(() => row.locator("th").innerText()).not.toContain("overridden");
    await context.close();
  });
});
