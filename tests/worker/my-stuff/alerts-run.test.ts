/**
 * The alert run (issue 19) at injected times, inside workerd with real D1 and the search index object: a new
 * matching stone gives one digest (to the customer, listing the stone, its link opening the stone), a price
 * drop gives one, a second run nothing, several alerts one email, and no email for a stone that does not
 * match, an alert switched off or a customer unsubscribed from alerts; the link's token is bound, signed and dated.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ALERT_LINK_VALID_MS, type AlertStones, STONES_PER_SEARCH_IN_EMAIL } from "#shared/my-stuff/alerts.ts";
import { ALERT_CRON } from "#worker/my-stuff/alerts/cron.ts";
import worker from "#worker/index.ts";
import { call } from "../helpers";
import { addStone, customer, dataOf, digests, filtersLike, HOUR, runAt, searchIdOf, SITE } from "./alerts-helpers";

let clock = Date.now() + HOUR;
/** The next run's time: an hour after the last. */
const nextHour = () => (clock += HOUR);

/** A favourite diamond with the price a drop counts from (as saving it does: worker/my-stuff/diamonds.ts). */
const favourite = (userId: number, diamondId: number, baselineCents: number) =>
  env.DB.prepare("INSERT INTO user_saved_diamonds (user_id, diamond_id, notes, created_at, alert_price_cents) VALUES (?, ?, '', ?, ?)")
    .bind(userId, diamondId, Date.now(), baselineCents)
    .run();

const openLink = (link: string) => {
  const url = new URL(link);
  return call(`/api/my-stuff/DetailDiamonds?${new URLSearchParams({ token: url.searchParams.get("token")!, email: url.searchParams.get("email")! })}`);
};

describe("the alert run", () => {
  it("emails one digest for a new matching stone, whose link opens it; an immediate second run sends nothing", async () => {
    const a = await customer("match");
    const like = { shape: 6, carat: 3.11, color: 3, clarity: 4 };
    const entry = await a.entry({ searchId: await searchIdOf(filtersLike(like)), name: "My oval" });
    await runAt(nextHour()); // Nothing new yet: the alert watches what comes after it was saved.
    expect(await digests(a.email)).toEqual([]);
    const stone = await addStone({ ...like, price_cents: 1_234_500 });
    const report = await runAt(nextHour());
    expect(report.upToDiamondId).toBe(stone.id);
    const mails = await digests(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(a.email);
    const data = dataOf(mails[0]!);
    expect(data.searches).toEqual([
      {
        title: "My oval",
        kind: "diamond",
        link: `${SITE}/diamond-search/${entry.searchId}`,
        stones: [{ label: "3.11 ct Oval F VVS2", priceCents: 1_234_500 }],
        more: 0,
      },
    ]);
    expect(data.completeAccountLink).toBeNull();
    expect(data.unsubscribeLink).toContain("type=alerts");
    expect(new URL(data.seeAllLink).pathname).toBe("/my-stuff/alerts");
    const opened = await openLink(data.seeAllLink);
    expect(opened.status).toBe(200);
    const stones = (await opened.json()) as AlertStones;
    expect(stones.sections).toHaveLength(1);
    expect(stones.sections[0]!.stones.map((s) => [s.diamond.id, s.reason])).toEqual([[stone.id, "new"]]);
    // My stuff counts it as news until the customer looks.
    const news = (await a.deal()).searches[0]!;
    expect(news.newMatches).toBe(1);
    await runAt(nextHour());
    expect(await digests(a.email)).toHaveLength(1);
    expect((await a.patch(entry.id, { markSeen: true })).status).toBe(200);
  });

  it("runs from the hourly Cron Trigger (the 5-minute schedule does not run alerts)", async () => {
    const a = await customer("cron");
    const like = { shape: 7, carat: 3.12, color: 2, clarity: 3 };
    await a.entry({ searchId: await searchIdOf(filtersLike(like)) });
    await addStone(like);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: nextHour(), cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await digests(a.email)).toEqual([]);
    await worker.scheduled(createScheduledController({ scheduledTime: nextHour(), cron: ALERT_CRON }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await digests(a.email)).toHaveLength(1);
  });

  it("sends one email per customer when several alerts and a price drop fire, listing at most five stones per search", async () => {
    const a = await customer("several");
    const one = { shape: 8, carat: 3.13, color: 5, clarity: 6 };
    const two = { shape: 9, carat: 3.14, color: 6, clarity: 7 };
    await a.entry({ searchId: await searchIdOf(filtersLike(one)), name: "Radiants" });
    await a.entry({ searchId: await searchIdOf(filtersLike(two)), name: "Asschers" });
    const fav = (await env.DB.prepare("SELECT id, price_cents FROM diamonds WHERE is_sold = 0 AND paired_diamond_id IS NULL ORDER BY id DESC LIMIT 1").first<{
      id: number;
      price_cents: number;
    }>())!;
    // Saved $150 dearer than now: a drop past the threshold.
    await favourite(a.userId, fav.id, fav.price_cents + 15_000);
    for (let i = 0; i < STONES_PER_SEARCH_IN_EMAIL + 2; i++) await addStone(one);
    await addStone(two);
    await runAt(nextHour());
    const mails = await digests(a.email);
    expect(mails).toHaveLength(1);
    const data = dataOf(mails[0]!);
    expect(data.searches.map((s) => [s.title, s.stones.length, s.more])).toEqual([
      ["Radiants", STONES_PER_SEARCH_IN_EMAIL, 2],
      ["Asschers", 1, 0],
    ]);
    expect(data.priceDrops).toEqual([{ label: expect.any(String), fromCents: fav.price_cents + 15_000, toCents: fav.price_cents }]);
    const stones = (await (await openLink(data.seeAllLink)).json()) as AlertStones;
    expect(stones.sections.map((s) => s.stones.length)).toEqual([STONES_PER_SEARCH_IN_EMAIL + 2, 1, 1]);
    expect(stones.sections[2]!.stones[0]).toMatchObject({ reason: "price-drop", fromPrice: fav.price_cents + 15_000 });
    // The drop was told: its baseline is the new price, and the next run says nothing.
    const baseline = await env.DB.prepare("SELECT alert_price_cents AS p FROM user_saved_diamonds WHERE user_id = ? AND diamond_id = ?")
      .bind(a.userId, fav.id)
      .first<{ p: number }>();
    expect(baseline!.p).toBe(fav.price_cents);
    expect((await a.deal()).priceDrops).toEqual([]);
    await runAt(nextHour());
    expect(await digests(a.email)).toHaveLength(1);
  });

  it("tells a price drop once (a small change is not news; a further drop is told again)", async () => {
    const a = await customer("drop");
    const fav = (await env.DB.prepare(
      "SELECT id, price_cents FROM diamonds WHERE is_sold = 0 AND paired_diamond_id IS NULL ORDER BY id DESC LIMIT 1 OFFSET 1",
    ).first<{
      id: number;
      price_cents: number;
    }>())!;
    await favourite(a.userId, fav.id, fav.price_cents);
    const setBaseline = (cents: number) =>
      env.DB.prepare("UPDATE user_saved_diamonds SET alert_price_cents = ? WHERE user_id = ? AND diamond_id = ?").bind(cents, a.userId, fav.id).run();
    // Less than 2 % and less than $100: not news.
    const small = Math.min(Math.floor((fav.price_cents * 2) / 100) - 1, 9_999);
    await setBaseline(fav.price_cents + small);
    expect((await a.deal()).priceDrops).toEqual([]);
    await runAt(nextHour());
    expect(await digests(a.email)).toEqual([]);
    await setBaseline(fav.price_cents + 10_000);
    expect((await a.deal()).priceDrops.map((d) => d.dropCents)).toEqual([10_000]);
    await runAt(nextHour());
    expect(await digests(a.email)).toHaveLength(1);
    await env.DB.prepare("UPDATE diamonds SET price_cents = price_cents - 20000 WHERE id = ?").bind(fav.id).run();
    try {
      await runAt(nextHour());
      const mails = await digests(a.email);
      expect(mails).toHaveLength(2);
      expect(dataOf(mails[0]!).priceDrops).toEqual([{ label: expect.any(String), fromCents: fav.price_cents, toCents: fav.price_cents - 20_000 }]);
    } finally {
      await env.DB.prepare("UPDATE diamonds SET price_cents = ? WHERE id = ?").bind(fav.price_cents, fav.id).run();
    }
  });

  it("sends nothing for a stone that does not match, an alert switched off, or a customer unsubscribed from alerts (whose matches are still recorded)", async () => {
    const like = { shape: 10, carat: 3.15, color: 7, clarity: 8 };
    const searchId = await searchIdOf(filtersLike(like));
    const other = await customer("nomatch");
    await other.entry({ searchId: await searchIdOf(filtersLike({ ...like, carat: 3.16 })) });
    const off = await customer("off");
    const offEntry = await off.entry({ searchId });
    await off.patch(offEntry.id, { hasAlert: false });
    const gone = await customer("unsub");
    const goneEntry = await gone.entry({ searchId });
    await env.DB.prepare("UPDATE users SET unsubscribed_alerts = 1 WHERE id = ?").bind(gone.userId).run();
    await addStone(like);
    await runAt(nextHour());
    expect(await digests(other.email)).toEqual([]);
    expect(await digests(off.email)).toEqual([]);
    expect(await digests(gone.email)).toEqual([]);
    expect((await off.deal()).searches[0]!.newMatches).toBe(0);
    expect((await gone.deal()).searches.find((s) => s.id === goneEntry.id)!.newMatches).toBe(1);
  });

  it("opens nothing (404) for a tampered, expired or other address's token", async () => {
    const a = await customer("token");
    const like = { shape: 1, carat: 3.17, color: 1, clarity: 1 };
    await a.entry({ searchId: await searchIdOf(filtersLike(like)) });
    await addStone(like);
    const at = nextHour();
    await runAt(at);
    const link = new URL(dataOf((await digests(a.email))[0]!).seeAllLink);
    const token = link.searchParams.get("token")!;
    const open = (t: string, email = a.email) => call(`/api/my-stuff/DetailDiamonds?${new URLSearchParams({ token: t, email })}`);
    expect((await open(token)).status).toBe(200);
    expect((await open(token, a.email.toUpperCase())).status).toBe(200);
    const [digestId, expiry, mac] = token.split(".") as [string, string, string];
    expect(Number(expiry)).toBe(at + ALERT_LINK_VALID_MS);
    expect((await open(token, "someone.else@example.com")).status).toBe(404);
    expect((await open(`${Number(digestId) + 1}.${expiry}.${mac}`)).status).toBe(404);
    expect((await open(`${digestId}.${Number(expiry) + 86_400_000}.${mac}`)).status).toBe(404);
    expect((await open(`${digestId}.${expiry}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`)).status).toBe(404);
    expect((await open("garbage")).status).toBe(404);
    expect((await call("/api/my-stuff/DetailDiamonds?token=x")).status).toBe(400);
    // Past its expiry the same link opens nothing (the API reads the real clock: a token dated in the past).
    const { alertToken } = await import("#worker/my-stuff/alerts/stones.ts");
    const old = await alertToken(env, Number(digestId), a.email, Date.now() - ALERT_LINK_VALID_MS - 1);
    expect((await open(old)).status).toBe(404);
    const fresh = await alertToken(env, Number(digestId), a.email, Date.now());
    expect((await open(fresh)).status).toBe(200);
  });
});
