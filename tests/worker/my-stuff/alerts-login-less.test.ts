/**
 * The login-less alert (issue 19, §6): an email alone makes a partial account with the alert on (the digest
 * then carries the link to complete the account); a known email gets the alert on its account with the same
 * answer; unknown searches and diamonds are 404 before anything is written; a client address is limited
 * (429 with Retry-After), exactly under concurrency.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AlertStones } from "#shared/my-stuff/alerts.ts";
import { MAX_ALERT_REQUESTS_PER_IP } from "#worker/my-stuff/alerts/login-less.ts";
import { confirmedUser, freshEmail, freshIp, post } from "../accounts/account-helpers";
import { call } from "../helpers";
import { addStone, dataOf, digests, filtersLike, HOUR, runAt, searchIdOf } from "./alerts-helpers";

const ask = (body: Record<string, unknown>, ip = freshIp()) => post("/api/my-stuff/loginLessAlert", body, ip);
const account = (email: string) => env.DB.prepare("SELECT id, partial FROM users WHERE email = ?").bind(email).first<{ id: number; partial: number }>();

describe("login-less alerts", () => {
  it("makes a partial account with the alert on; its digest carries the link to complete the account", async () => {
    const email = freshEmail("loginless");
    const like = { shape: 2, carat: 3.21, color: 2, clarity: 2 };
    const searchId = await searchIdOf(filtersLike(like));
    const res = await ask({ email, searchId });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    const user = (await account(email))!;
    expect(user.partial).toBe(1);
    const saved = await env.DB.prepare("SELECT has_alert FROM user_saved_searches WHERE user_id = ? AND search_id = ?")
      .bind(user.id, searchId)
      .first<{ has_alert: number }>();
    expect(saved!.has_alert).toBe(1);
    // At once: the email to complete the account (the address hears it was used, and how to stop it).
    const completion = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE recipient = ? AND template = 'complete-account'")
      .bind(email)
      .first<{ n: number }>();
    expect(completion!.n).toBe(1);
    const stone = await addStone(like);
    await runAt(Date.now() + 50 * HOUR);
    const mails = await digests(email);
    expect(mails).toHaveLength(1);
    const data = dataOf(mails[0]!);
    expect(new URL(data.completeAccountLink!).pathname).toBe("/register");
    const link = new URL(data.seeAllLink);
    const opened = await call(`/api/my-stuff/DetailDiamonds?${link.searchParams}`);
    const stones = (await opened.json()) as AlertStones;
    expect(stones.sections[0]!.stones[0]!.diamond.id).toBe(stone.id);
    expect(stones.completeAccountLink).toMatch(/^\/register\?complete=1&/);
  });

  it("answers the same for an existing account, and adds the alert (or the favourite with its price) to it", async () => {
    const email = await confirmedUser("known");
    const searchId = await searchIdOf({ diamondShapes: [3], priceMin: 900, priceMax: 9000 });
    const res = await ask({ email, searchId });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    const user = (await account(email))!;
    expect(user.partial).toBe(0);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_saved_searches WHERE user_id = ? AND has_alert = 1").bind(user.id).first<{ n: number }>();
    expect(n!.n).toBe(1);
    const diamond = (await env.DB.prepare("SELECT id, price_cents FROM diamonds WHERE is_sold = 0 AND paired_diamond_id IS NULL LIMIT 1").first<{
      id: number;
      price_cents: number;
    }>())!;
    expect(await (await ask({ email, diamondId: diamond.id })).json()).toEqual({ accepted: true });
    const fav = await env.DB.prepare("SELECT alert_price_cents AS p FROM user_saved_diamonds WHERE user_id = ? AND diamond_id = ?")
      .bind(user.id, diamond.id)
      .first<{ p: number }>();
    expect(fav!.p).toBe(diamond.price_cents);
  });

  it("refuses an unknown search or diamond (404) and asking for both or neither (400), making no account", async () => {
    const email = freshEmail("nothing");
    expect((await ask({ email, searchId: "0000000000zz" })).status).toBe(404);
    expect((await ask({ email, diamondId: 999_999_999 })).status).toBe(404);
    expect((await ask({ email })).status).toBe(400);
    expect((await ask({ email, searchId: "0000000000zz", diamondId: 1 })).status).toBe(400);
    expect(await account(email)).toBeNull();
  });

  it(`allows ${MAX_ALERT_REQUESTS_PER_IP} requests per address in the window, exactly even at once; then 429 with Retry-After`, async () => {
    const ip = freshIp();
    const searchId = await searchIdOf({ diamondShapes: [5], priceMin: 800, priceMax: 8000 });
    const answers = await Promise.all(Array.from({ length: MAX_ALERT_REQUESTS_PER_IP + 5 }, () => ask({ email: freshEmail("burst"), searchId }, ip)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(MAX_ALERT_REQUESTS_PER_IP);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(5);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not limited.
    expect((await ask({ email: freshEmail("other"), searchId })).status).toBe(200);
  });
});
