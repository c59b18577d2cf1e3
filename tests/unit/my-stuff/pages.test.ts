/**
 * The my-stuff pages (issue 19 point 1) rendered on the server with a fake MyStuffService: a visitor gets the
 * invitation to sign in (their local favourites come after hydration: the browser test), a customer their
 * lists from the server; the alerts page with its switches and news, an alert email's stones without
 * signing in, recently viewed (5 of 6, newest first) and the reports' empty state. Every page keeps the
 * coupon popup and the offer launcher away and is never indexed (§2).
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { FavoriteDiamondList } from "#client/components/my-stuff-parts.tsx";
import { mergedHistory } from "#client/routes/my-stuff-recently-viewed.tsx";
import type { AlertStones } from "#shared/my-stuff/alerts.ts";
import { NOW, attr, diamond, fakeMyStuff, history, mainOf, mine, render, saved, search, setting, textOf } from "./pages-fake";

const page = async (path: string, service = fakeMyStuff().service, signedIn = false) => {
  const res = await render(service, path, { signedIn });
  return { res, html: await res.text() };
};

const PATHS = [
  "/my-stuff",
  "/my-stuff/favorite",
  "/my-stuff/favorite-settings",
  "/my-stuff/favorite-jewelry",
  "/my-stuff/items",
  "/my-stuff/alerts",
  "/my-stuff/recently-viewed",
  "/my-stuff/reports",
];

describe("every my-stuff page", () => {
  it.each(PATHS)("%s: 200, no coupon popup, no offer launcher, noindex, the my-stuff navigation with this page marked", async (path) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    expect(html).toContain('data-coupon-popup="off"');
    expect(html).toContain('data-offer-launcher="hidden"');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    const nav = html.slice(html.indexOf('<nav class="my-stuff-nav"'));
    for (const p of [
      "/my-stuff",
      "/my-stuff/favorite",
      "/my-stuff/items",
      "/my-stuff/alerts",
      "/my-stuff/recently-viewed",
      "/my-stuff/orders",
      "/my-stuff/reports",
    ]) {
      expect(nav).toContain(`href="${p}"`);
    }
    const current = nav.match(/<a [^>]*aria-current="page"[^>]*>/)?.[0];
    if (["/my-stuff/favorite-settings", "/my-stuff/favorite-jewelry"].includes(path)) expect(current).toBeUndefined();
    else expect(attr(current, "href")).toBe(path);
  });
});

describe("signed out", () => {
  it("the favourites pages invite to sign in and come back here, and say what to do while the list is empty", async () => {
    for (const path of ["/my-stuff", "/my-stuff/favorite", "/my-stuff/items"]) {
      const main = mainOf((await page(path)).html);
      expect(main).toContain("These are kept in this browser only.");
      expect(main).toContain(`href="/login?returnUrl=${encodeURIComponent(path)}">Sign in to keep your favourites</a>`);
    }
    expect(textOf(mainOf((await page("/my-stuff/favorite")).html))).toContain("No favourite diamonds yet. Press the heart on a diamond");
  });

  it("the alerts page explains alerts and invites to sign in", async () => {
    const fake = fakeMyStuff({ alerts: null });
    const text = textOf(mainOf((await page("/my-stuff/alerts", fake.service)).html));
    expect(text).toContain("Save a search and we email you when new stones or pieces match it");
    expect(text).toContain("Sign in to keep your saved searches and alerts");
    expect(fake.argsOf("alerts")).toHaveLength(1);
  });

  it("a visitor's local favourites render as cards with a pressed heart each and the pair that follows", () => {
    const html = renderToString(
      createElement(
        StaticRouter,
        { location: "/my-stuff/favorite" },
        createElement(FavoriteDiamondList, {
          list: [
            { id: 7, path: "/diamond/7/round", title: "1.01 Carat Round Diamond", grades: "G · VS1 · Ideal", price: 500_000, shape: 1, pairedDiamondId: 8 },
          ],
          empty: "none",
        }),
      ),
    ).replaceAll("<!-- -->", "");
    expect(html).toContain('href="/diamond/7/round"');
    expect(textOf(html)).toContain("1.01 Carat Round Diamond G · VS1 · Ideal $5,000 · with its matched pair, diamond 8");
    // On the server the heart starts unpressed (hydration then follows the signal).
    expect(html).toMatch(/<button type="button" class="heart" aria-pressed="false" aria-label="Save to my stuff"/);
  });
});

describe("signed in", () => {
  it("/my-stuff/favorite: each saved diamond with its notes in a textarea, a price drop since saved, a sold one with its similar stones", async () => {
    const sold = diamond(9, { isSold: true });
    const fake = fakeMyStuff({
      mine: mine({
        diamonds: [
          saved(7, { notes: "Ask about the girdle", savedPrice: 520_000 }),
          saved(9, { diamond: sold, similar: [diamond(11, { price: 480_000 }), diamond(12)] }),
        ],
      }),
    });
    const main = mainOf((await page("/my-stuff/favorite", fake.service, true)).html);
    expect(main).not.toContain("Sign in to keep");
    expect([...main.matchAll(/data-diamond-id="(\d+)"/g)].map((m) => m[1])).toEqual(["7", "9"]);
    expect(main).toMatch(/<textarea id="notes-7" name="notes"[^>]*>Ask about the girdle<\/textarea>/);
    expect(main).toContain('<label for="notes-7">Your notes</label>');
    const text = textOf(main);
    expect(text).toContain("Saved at $5,200: now $5,000");
    expect(text).toContain("Sold");
    expect(text).toContain("This diamond has sold. Similar diamonds available now:");
    expect(main).toContain('href="/diamond/11/');
    expect(text).toContain("$4,800");
  });

  it("/my-stuff/favorite without JavaScript: the notes form posts to the page, which saves them and says so beside that diamond's button", async () => {
    const fake = fakeMyStuff({ mine: mine({ diamonds: [saved(7), saved(9)] }) });
    const form = mainOf((await page("/my-stuff/favorite", fake.service, true)).html).match(/<form class="my-stuff-notes"[^>]*>[\s\S]*?<\/form>/)![0];
    expect(form).toContain('method="post"');
    expect(form).toContain('<input type="hidden" name="id" value="7"/>');
    const res = await render(fake.service, "/my-stuff/favorite", { signedIn: true, form: { id: "9", notes: "Compare with the oval" } });
    expect(res.status).toBe(200);
    expect(fake.argsOf("saveNotes")).toEqual([[9, "Compare with the oval"]]);
    const main = mainOf(await res.text());
    const nine = main.slice(main.indexOf('data-diamond-id="9"'));
    expect(textOf(nine)).toContain("Notes saved.");
    expect(textOf(main.slice(0, main.indexOf('data-diamond-id="9"')))).not.toContain("Notes saved.");
  });

  it("/my-stuff/favorite without JavaScript: another customer's diamond is refused beside the button (404), too long notes before any call (400)", async () => {
    const fake = fakeMyStuff({ mine: mine({ diamonds: [saved(7)] }) });
    const other = await render(fake.service, "/my-stuff/favorite", { signedIn: true, form: { id: "8", notes: "mine now" } });
    expect(other.status).toBe(404);
    const long = await render(fake.service, "/my-stuff/favorite", { signedIn: true, form: { id: "7", notes: "x".repeat(2001) } });
    expect(long.status).toBe(400);
    const said = textOf(mainOf(await long.text()));
    expect(said).toContain("Notes are at most 2000 characters.");
    expect(said).not.toContain("Notes saved.");
    expect(fake.argsOf("saveNotes")).toEqual([[8, "mine now"]]);
  });

  it("/my-stuff: diamonds, settings and jewellery, and saved searches with their alert and news", async () => {
    const fake = fakeMyStuff({
      mine: mine({
        diamonds: [saved(7)],
        settings: [setting(31, "Petite Solitaire")],
        jewelry: [setting(41, "Diamond Pendant", "jewellery")],
        searches: [search(1, { newMatches: 3 })],
      }),
    });
    const text = textOf(mainOf((await page("/my-stuff", fake.service, true)).html));
    expect(text).toContain("Diamonds (1)");
    expect(text).toContain("Settings & jewelry (2)");
    expect(text).toContain("Petite Solitaire $1,200");
    expect(text).toContain("Diamond Pendant $1,200");
    expect(text).toContain("Saved searches (1) Search 1 Round · 1–1.5 ct · G–I Alert on 3 new");
  });

  it("/my-stuff/favorite-settings, -jewelry and items show their own lists", async () => {
    const service = fakeMyStuff({
      mine: mine({ settings: [setting(31, "Petite Solitaire")], jewelry: [setting(41, "Diamond Pendant", "jewellery")] }),
    }).service;
    const settings = textOf(mainOf((await page("/my-stuff/favorite-settings", service, true)).html));
    expect(settings).toContain("Petite Solitaire");
    expect(settings).not.toContain("Diamond Pendant");
    const jewelry = textOf(mainOf((await page("/my-stuff/favorite-jewelry", service, true)).html));
    expect(jewelry).toContain("Diamond Pendant");
    expect(jewelry).not.toContain("Petite Solitaire");
    const items = mainOf((await page("/my-stuff/items", service, true)).html);
    expect(textOf(items)).toMatch(/Settings Petite Solitaire .* Jewelry Diamond Pendant/);
    expect(items).toContain('href="/fine-jewelry/41/2"');
  });

  it("/my-stuff/alerts: each search with its link, its switch (on or off), delete, and the news since the last visit; the price drops", async () => {
    const fake = fakeMyStuff({
      alerts: {
        searches: [search(1, { newMatches: 3 }), search(2, { name: "Ovals", hasAlert: false, newMatches: 1 }), search(3, { newMatches: 0 })],
        priceDrops: [{ diamond: diamond(7, { price: 480_000 }), fromPrice: 500_000, price: 480_000, dropCents: 20_000, dropPercent: 4 }],
      },
    });
    const main = mainOf((await page("/my-stuff/alerts", fake.service, true)).html);
    const switches = [...main.matchAll(/<button type="button" role="switch" aria-checked="(true|false)"[^>]*>([^<]*)<\/button>/g)].map((m) => [m[1], m[2]]);
    expect(switches).toEqual([
      ["true", "Email alert: on"],
      ["false", "Email alert: off"],
      ["true", "Email alert: on"],
    ]);
    expect(main).toContain('<a href="/diamond-search/s1">Search 1</a>');
    expect(main).toContain('aria-label="Delete the saved search Ovals"');
    const text = textOf(main);
    expect(text).toContain("3 new stones since your last visit");
    expect(text).toContain("1 new stone since your last visit");
    expect(text).toContain("Nothing new since your last visit");
    expect(text).toContain("$4,800 was $5,000: $200 less (4%)");
    expect(fake.argsOf("alerts")).toHaveLength(1);
  });
});

describe("an alert email's stones: /my-stuff/alerts?token=&email=", () => {
  const stones: AlertStones = {
    sentAt: NOW,
    expiresAt: NOW + 30 * 86_400_000,
    sections: [
      { title: "Round · 1–1.5 ct", link: "/diamond-search/s1", stones: [{ diamond: diamond(21), reason: "new", fromPrice: null }], settings: [] },
      { title: "Solitaires", link: "/setting-search/s2", stones: [], settings: [setting(31, "Classic Solitaire").setting] },
      { title: "Price drops", link: null, stones: [{ diamond: diamond(7, { price: 480_000 }), reason: "price-drop", fromPrice: 500_000 }], settings: [] },
    ],
    completeAccountLink: "/register/complete?x=1",
  };

  it("opens without signing in: each section with its stones or pieces, the drop's old price, the link to complete the account", async () => {
    const fake = fakeMyStuff({ stones });
    const { res, html } = await page("/my-stuff/alerts?token=good&email=ada%40example.com", fake.service);
    expect(res.status).toBe(200);
    expect(fake.argsOf("alertStones")).toEqual([["good", "ada@example.com"]]);
    expect(fake.argsOf("alerts")).toEqual([]);
    const main = mainOf(html);
    expect(main).toContain('<a href="/diamond-search/s1">Round · 1–1.5 ct</a>');
    expect(main).toContain('href="/diamond/21/');
    expect(textOf(main)).toContain("$4,800 was $5,000");
    // A setting search's section lists its pieces: the name linking to the piece's page, its metal and price.
    expect(main).toContain('<a href="/setting-search/s2">Solitaires</a>');
    expect(main).toContain('<a href="/setting/31/2">Classic Solitaire</a>');
    expect(textOf(main)).toContain("Classic Solitaire 14K White Gold, $1,200");
    expect(main).toContain('href="/register/complete?x=1">Complete your account</a>');
  });

  it("a wrong or expired link is a 404 that says so", async () => {
    const fake = fakeMyStuff({ stones });
    const { res, html } = await page("/my-stuff/alerts?token=bad&email=ada%40example.com", fake.service);
    expect(res.status).toBe(404);
    expect(textOf(mainOf(html))).toContain("This alert link is not valid or has expired.");
  });
});

describe("/my-stuff/recently-viewed (6 stored, 5 shown, newest first)", () => {
  const local = (id: number) => ({ id, path: `/diamond/${id}`, title: `Diamond ${id}`, grades: "G · VS1 · Ideal", price: 100_000, shape: 1 });

  it("a customer's server history, newest first, five of six", async () => {
    const entries = [1, 2, 3, 4, 5, 6].map((id) => history(id, NOW - id * 60_000)).reverse();
    const main = mainOf((await page("/my-stuff/recently-viewed", fakeMyStuff({ mine: mine({ history: entries }) }).service, true)).html);
    expect([...main.matchAll(/data-diamond-id="(\d+)"/g)].map((m) => m[1])).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("merged with this browser's: its views first (the newest here), then the server's not among them", () => {
    const merged = mergedHistory([local(9), local(2)], [history(1, NOW - 1000), history(2, NOW - 500), history(3, NOW - 3000), history(4, NOW - 4000)]);
    expect(merged.map((d) => d.id)).toEqual([9, 2, 1, 3, 4]);
  });

  it("a visitor: the invitation, and (before hydration) the empty state", async () => {
    const text = textOf(mainOf((await page("/my-stuff/recently-viewed")).html));
    expect(text).toContain("Sign in to keep what you viewed");
    expect(text).toContain("No diamonds viewed yet.");
  });
});

describe("/my-stuff/reports", () => {
  it("an empty state linking to the report form (the list: tests/unit/reports/pages.test.ts)", async () => {
    const text = textOf(mainOf((await page("/my-stuff/reports", fakeMyStuff({ mine: mine() }).service, true)).html));
    expect(text).toContain("No reports yet. Get a report on a diamond");
    expect(text).not.toContain("Sign in");
  });
});
