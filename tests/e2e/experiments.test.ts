import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Request } from "playwright-core";
import { POLL_MS, SPACING_MS } from "#client/experiments/event-queue.ts";
import type { ExperimentAssignments } from "#shared/experiments/schemas.ts";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { signInAsOperator } from "./pages/operator-login";
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
  const res = await fetch(url("/api/diamonds2"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pageSize: 2, priceMin: 1000, priceMax: 20000 }),
  });
  const { diamonds } = (await res.json()) as { diamonds: { id: number; slug: string }[] };
  return [`/diamond/${diamonds[0]!.id}/${diamonds[0]!.slug}`, `/diamond/${diamonds[1]!.id}/${diamonds[1]!.slug}`];
}

/**
 * The experiment events the page posts, each with the page's time when it left (ms since `pause`). The test
 * installs the page's clock before the page loads and drives it (`advance`) one queue check (POLL_MS) at a
 * time, so the queue's spacing is the page's timers firing, not the test waiting.
 */
function recordEvents(page: Page) {
  const events: { name: string; variant: number; at: number }[] = [];
  const answers: Promise<unknown>[] = [];
  let now = 0;
  page.on("request", (r: Request) => {
    if (r.method() !== "POST" || !r.url().endsWith("/api/experiments/events")) return;
    events.push({ ...(r.postDataJSON() as { name: string; variant: number }), at: now });
    // The page may close before an answer arrives (the test is over): that is not an error of the page.
    answers.push(r.response().catch(() => null));
  });
  return {
    events,
    /** Stops the page's clock (once the page has loaded: its timers run normally while it loads). */
    pause: () => page.clock.pauseAt(Date.now() + 1000),
    /**
     * Moves the page's clock `ms` on, one queue check at a time, firing its timers; before each, the events
     * sent have their answers (as they would in the 500 ms between checks). Stops early once `until` holds.
     */
    async advance(ms: number, until: () => boolean = () => false) {
      for (let t = 0; t < ms && !until(); t += POLL_MS) {
        await Promise.all(answers.splice(0));
        now += POLL_MS;
        await page.clock.runFor(POLL_MS);
      }
    },
    /**
     * While a page loads with the clock paused: drives the clock in small steps as the test waits (the page's
     * script loader, its hydration and its idle-time tracking wait on the page's timers) until `until` holds.
     */
    async settle(until: () => Promise<boolean>) {
      await expect
        .poll(
          async () => {
            await page.clock.runFor(50);
            return until();
          },
          { timeout: 20_000 },
        )
        .toBe(true);
    },
  };
}

/** A visitor in One_Trust_Script's test variant answers the consent banner on the search page: the events its page posts in the next `ms` of page time. */
async function eventsAfterAnswer(browser: Browser, answer: "Accept" | "Decline", ms: number) {
  const context = await shopperContext(browser, {}, { One_Trust_Script: 1 });
  const { page } = await openPage(context);
  const { events, pause, advance } = recordEvents(page);
  await page.clock.install();
  await page.goto(url("/diamond-search"));
  const banner = page.getByRole("dialog", { name: "Cookie consent" });
  await expect.poll(() => banner.isVisible()).toBe(true);
  await pause();
  await banner.getByRole("button", { name: answer }).click();
  await advance(ms);
  await context.close();
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
    const { events, pause, advance, settle } = recordEvents(page);
    await page.clock.install();
    await page.goto(url("/"));
    const banner = page.getByRole("dialog", { name: "Cookie consent" });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await pause();
    await advance(2000);
    expect(events).toEqual([]);
    await banner.getByRole("button", { name: "Accept" }).click();
    await advance(10_000, () => events.length >= 4);
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < events.length; i++) expect(events[i]!.at - events[i - 1]!.at).toBeGreaterThanOrEqual(700);
    expect(new Set(events.map((e) => e.name)).size).toBe(events.length);
    // The visitor's own variants, as the server assigned them.
    const assigned = (await (await page.request.get(url("/api/experiments/assignments"))).json()) as ExperimentAssignments;
    for (const e of events) expect(e.variant).toBe(assigned.experiments.find((a) => a.name === e.name)!.variant);

    // Another page: no banner again (the answer is kept), and no event twice: the page sends the events still
    // due (this visitor's running experiments tracked at page view; these two pages meet no other) and no more.
    await advance(1500);
    const sent = events.length;
    const before = new Set(events.map((e) => e.name));
    const due = assigned.experiments.filter((e) => e.running && !e.noInitialTrack).length;
    const tracking = page.waitForResponse((r) => r.url().endsWith("/api/experiments/assignments"));
    let tracked = false;
    void tracking.then(() => (tracked = true));
    await page.goto(url("/diamond-search"));
    await settle(async () => tracked && (await page.locator("body[data-hydrated=true]").count()) === 1);
    await (await tracking).finished();
    await advance(2500 + due * 2 * SPACING_MS);
    expect(await banner.count()).toBe(0);
    for (const e of events.slice(sent)) expect(before.has(e.name), e.name).toBe(false);
    expect(events.length).toBe(due);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends nothing after the visitor declines", async () => {
    // The same visit answering Accept sends events in that time: their absence after Decline is the refusal's doing.
    expect((await eventsAfterAnswer(browser, "Accept", 3000)).length).toBeGreaterThan(0);
    expect(await eventsAfterAnswer(browser, "Decline", 3000)).toEqual([]);
  });

  it("opens the marketer view only with the admin token, lists every experiment, and pauses and resumes one", async () => {
    // Start from the deployed definition (a run stopped half-way may have left its override).
    await fetch(url("/api/experiments/Reviews_Snippet_Home/override"), { method: "DELETE", headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
    const context = await shopperContext(browser);
    const { page } = await openPage(context);
    const hidden = await page.goto(url("/experiments"));
    expect(hidden!.status()).toBe(404);
    await signInAsOperator(page, "/experiments");
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
