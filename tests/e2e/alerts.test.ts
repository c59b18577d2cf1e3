/**
 * Alerts in the browser (issue 19 point 8), against the whole shop: a registered shopper signs in, saves a
 * diamond search with its alert on, a matching stone arrives through the feed importer (`npm run import` on a
 * one-row CSV against the server's local D1), the hourly Cron Trigger runs (`wrangler dev --test-scheduled`:
 * `/__scheduled?cron=17 * * * *`), the digest appears in /dev/outbox, and its "see all" link's stones are
 * the new one. The page behind the link (/my-stuff/alerts) is helper H3's: here the API answer it shows is
 * checked.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { AlertStones } from "#shared/my-stuff/alerts.ts";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { firstDiamondPath } from "./pages/cart";
import { linkFromOutbox, outboxLink } from "./pages/outbox";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const email = `e2e-alerts-${tag}@example.com`;
const password = "a diamond is forever";

/** A 10-digit report number no other stone has. */
const reportNumber = String(7_000_000_000 + Math.floor(Math.random() * 999_999_999));

describe("alerts", () => {
  it("saved search with its alert → a matching stone is imported → the hourly run emails it → its link shows the stone", async () => {
    const context = await shopperContext(browser);
    const { page } = await openPage(context);

    // A confirmed account, signed in through the sign-in page.
    const registered = await context.request.post(url("/api/accounts/v1/register"), { data: { firstName: "Grace", lastName: "Hopper", email, password } });
    expect(registered.status()).toBe(200);
    await page.goto(url(await linkFromOutbox(page, email, "/register/confirm")));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Your email is confirmed");
    await page.goto(url("/login"));
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(async () => (await context.cookies()).some((c) => /session/i.test(c.name))).toBe(true);

    // Save a search for 2.22 ct heart E VVS1 diamonds in my stuff with the search page's own control, its alert on.
    const searchId = await page.evaluate(async () => {
      const filters = { diamondShapes: [7], caratMin: 2.22, caratMax: 2.22, colors: [2], clarities: [3], priceMin: 0, priceMax: 100_000_000 };
      const f = await fetch("/api/diamond-filter", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(filters) });
      return ((await f.json()) as { searchId: string }).searchId;
    });
    await page.goto(url(`/diamond-search/${searchId}`));
    await page.waitForSelector("body[data-hydrated=true]");
    await page.getByRole("button", { name: "Save search & alert me" }).click();
    await expect.poll(() => page.locator(".alert-me[role=status]").innerText()).toContain("with its alert on");
    await page.goto(url("/my-stuff/alerts"));
    expect(await page.locator("main").innerText()).toContain("Heart");

    // A matching stone arrives through the feed importer.
    const dir = mkdtempSync(join(tmpdir(), "alerts-e2e-"));
    try {
      const feed = join(dir, "feed.csv");
      writeFileSync(
        feed,
        [
          "Shape,Carat,Colour,Clarity,Cut,Polish,Symmetry,Fluorescence,Price (USD),Lab,Report Number,Length,Width,Depth (mm),Depth %,Table %,Shipping Days",
          `Heart,2.22,E,VVS1,Ideal,EX,EX,None,12345,GIA,${reportNumber},8.10,8.60,4.90,60.5,58,5`,
        ].join("\n"),
      );
      execFileSync("node_modules/.bin/tsx", ["scripts/import.ts", feed, "--retailer", "1", "--rejects", join(dir, "rejects.csv")], {
        env: { ...process.env, SEED_PERSIST_TO: ".wrangler/e2e", CI: "1", NO_COLOR: "1" },
        stdio: "pipe",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // The hourly Cron Trigger: the alert run (it finishes after the trigger answers: the digest is awaited).
    const scheduled = await fetch(url(`/__scheduled?cron=${encodeURIComponent("17 * * * *")}`));
    expect(scheduled.status).toBe(200);
    let seeAll: string | null = null;
    await expect
      .poll(
        async () => {
          seeAll = await outboxLink(page, email, "/my-stuff/alerts?token=");
          return seeAll !== null;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    const body = await page.locator("body").innerText();
    expect(body).toContain("2.22 ct Heart E VVS1");

    // The link opens the matching stones without signing in (another browser), and the API behind it agrees.
    const link = new URL(seeAll!, url("/"));
    expect(link.searchParams.get("email")).toBe(email);
    const anonymous = await browser.newContext();
    const stranger = await anonymous.newPage();
    await stranger.goto(link.href);
    const listed = stranger.locator("main li.alert-stone");
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.innerText()).toContain("2.22");
    const res = await anonymous.request.get(url(`/api/my-stuff/DetailDiamonds?${link.searchParams}`));
    expect(res.status()).toBe(200);
    const stones = (await res.json()) as AlertStones;
    expect(stones.sections[0]!.stones.map((s) => [s.diamond.certificateId, s.reason])).toEqual([[reportNumber, "new"]]);
    expect(await listed.locator("a").getAttribute("href")).toBe(
      `/diamond/${stones.sections[0]!.stones[0]!.diamond.id}/${stones.sections[0]!.stones[0]!.diamond.slug}`,
    );
    await anonymous.close();
    await context.close();
  });

  it("a visitor asks with an email alone on a diamond's page → told it is set, and the email to complete the account arrives", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const visitor = `e2e-loginless-${tag}@example.com`;
    await page.goto(url(await firstDiamondPath()));
    await page.waitForSelector("body[data-hydrated=true]");
    await page.getByRole("button", { name: "Email me if the price drops" }).click();
    const form = page.getByRole("form", { name: "Email me if the price drops" });
    await form.getByLabel("Your email").fill(visitor);
    await form.getByRole("button", { name: "Email me" }).click();
    await expect.poll(() => page.locator(".alert-me[role=status]").innerText()).toContain("We'll email you if its price drops.");
    // A partial account was made for the address: its completion link is in the outbox.
    await expect.poll(() => outboxLink(page, visitor, "/register?complete=1"), { timeout: 15_000 }).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
