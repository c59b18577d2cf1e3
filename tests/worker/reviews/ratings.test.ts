/**
 * Retailer ratings (§7 Reviews): `POST retailer-ratings` validated (a shown retailer, 1–5 whole stars, a comment of at
 * most 1,000 characters, an email or a signed-in account), one rating per rater and retailer and 5 retailers a day
 * per rater — also when 50 arrive at once — and `GET retailer-ratings/sample` with the retailers' names.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_RATING_COMMENT, RATINGS_PER_ADDRESS_PER_DAY, RATINGS_PER_RATER_PER_DAY, type RetailerRating } from "#shared/retailer-ratings.ts";
import { rateRetailer, retailerRatingSummary } from "#worker/reviews/ratings.ts";
import { customer } from "../my-stuff/lists-helpers";
import { call, type ErrorBody } from "../helpers";

let address = 0;
/** A fresh client address per test (the per-address limit must not couple the tests). */
const freshIp = () => `203.0.113.${++address}`;

const rate = (body: unknown, ip: string, headers: Record<string, string> = {}) =>
  call("/api/retailer-ratings", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...headers },
    body: JSON.stringify(body),
  });

/** Shown retailers' ids (status 2), and a hidden one. */
async function retailers() {
  const shown = (await env.DB.prepare("SELECT id FROM retailers WHERE status = 2 ORDER BY id").all<{ id: number }>()).results.map((r) => r.id);
  const hidden = (await env.DB.prepare("SELECT id FROM retailers WHERE status <> 2 ORDER BY id LIMIT 1").first<{ id: number }>())!.id;
  return { shown, hidden };
}

const stored = async (rater: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM retailer_ratings WHERE rater = ?").bind(rater).first<{ n: number }>())!.n;

describe("POST retailer-ratings", () => {
  it("stores a visitor's rating (201) and refuses a second rating of the same retailer by the same email (409)", async () => {
    const { shown } = await retailers();
    const ip = freshIp();
    const res = await rate({ retailerId: shown[0], rating: 4, comment: "  Quick replies and a well-packed ring.  ", email: "Rater.One@Example.com" }, ip);
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT rating, comment, rater, ip_hash FROM retailer_ratings WHERE rater = 'email:rater.one@example.com'").first<{
      rating: number;
      comment: string;
      ip_hash: string;
    }>();
    expect(row).toMatchObject({ rating: 4, comment: "Quick replies and a well-packed ring." });
    expect(row!.ip_hash).not.toContain("203.0.113");
    const again = await rate({ retailerId: shown[0], rating: 5, email: "rater.one@example.com" }, ip);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toMatch(/already rated/);
  });

  it("refuses bad input with 400 naming the field: rating 0, 6, 4.5 or text, a comment too long, no email, a bad email", async () => {
    const { shown } = await retailers();
    const ip = freshIp();
    const cases: [unknown, string][] = [
      [{ retailerId: shown[0], rating: 0, email: "a@example.com" }, "rating"],
      [{ retailerId: shown[0], rating: 6, email: "a@example.com" }, "rating"],
      [{ retailerId: shown[0], rating: 4.5, email: "a@example.com" }, "rating"],
      [{ retailerId: shown[0], rating: "5", email: "a@example.com" }, "rating"],
      [{ retailerId: shown[0], rating: 5, comment: "x".repeat(MAX_RATING_COMMENT + 1), email: "a@example.com" }, "comment"],
      [{ retailerId: shown[0], rating: 5 }, "email"],
      [{ retailerId: shown[0], rating: 5, email: "not-an-email" }, "email"],
      [{ retailerId: -3, rating: 5, email: "a@example.com" }, "retailerId"],
    ];
    for (const [body, field] of cases) {
      const res = await rate(body, ip);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details?.map((d) => d.path).join(" ")).toContain(field);
    }
    expect(await stored("email:a@example.com")).toBe(0);
    const long = await rate({ retailerId: shown[0], rating: 5, comment: "y".repeat(MAX_RATING_COMMENT), email: "a@example.com" }, ip);
    expect(long.status).toBe(201);
  });

  it("answers 404 for a retailer that does not exist or is not shown", async () => {
    const { hidden } = await retailers();
    const ip = freshIp();
    expect((await rate({ retailerId: 99_999, rating: 3, email: "b@example.com" }, ip)).status).toBe(404);
    expect((await rate({ retailerId: hidden, rating: 3, email: "b@example.com" }, ip)).status).toBe(404);
    expect(await stored("email:b@example.com")).toBe(0);
  });

  it("50 simultaneous ratings of one retailer from one rater store exactly one", async () => {
    const { shown } = await retailers();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => rate({ retailerId: shown[1], rating: 1 + (i % 5), email: "stuffer@example.com" }, freshIp())),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await stored("email:stuffer@example.com")).toBe(1);
  });

  it("50 simultaneous ratings of 10 retailers from one signed-in customer store exactly 5 (the daily limit), the rest 409 or 429", async () => {
    const { shown } = await retailers();
    const a = await customer("rater");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        rate({ retailerId: shown[i % 10], rating: 5, comment: `take ${i}`, email: "ignored@example.com" }, freshIp(), a.headers),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(RATINGS_PER_RATER_PER_DAY);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 429)).toBe(true);
    expect(await stored(`user:${a.id}`)).toBe(RATINGS_PER_RATER_PER_DAY);
    const limited = answers.find((r) => r.status === 429)!;
    expect(limited.headers.get("retry-after")).toBeTruthy();
    // The account rates, not the email in the body.
    expect(await stored("email:ignored@example.com")).toBe(0);
  });

  it("one address with many different emails stores at most 20 ratings a day", async () => {
    const { shown } = await retailers();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => rate({ retailerId: shown[i % shown.length], rating: 5, email: `sock${i}@example.com` }, ip)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(RATINGS_PER_ADDRESS_PER_DAY);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(30 - RATINGS_PER_ADDRESS_PER_DAY);
  });
});

describe("the daily window (injected clock)", () => {
  it("a rater whose day is full may rate another retailer 24 hours after their first rating of the day", async () => {
    const { shown } = await retailers();
    const t0 = Date.UTC(2026, 0, 10, 9);
    for (let i = 0; i < RATINGS_PER_RATER_PER_DAY; i++)
      await rateRetailer(env.DB, { retailerId: shown[i]!, rating: 4, comment: "" }, "email:clock@example.com", "h1", t0 + i);
    const late = rateRetailer(env.DB, { retailerId: shown[7]!, rating: 4, comment: "" }, "email:clock@example.com", "h1", t0 + 3_600_000);
    await expect(late).rejects.toMatchObject({ refusal: { kind: "rate_limited", retryAfter: 23 * 3600 } });
    await rateRetailer(env.DB, { retailerId: shown[7]!, rating: 4, comment: "" }, "email:clock@example.com", "h1", t0 + 86_400_001);
    expect(await stored("email:clock@example.com")).toBe(RATINGS_PER_RATER_PER_DAY + 1);
  });
});

describe("GET retailer-ratings/sample and the summary", () => {
  it("shows the newest ratings of shown retailers with their names, never an email; the summary averages per retailer", async () => {
    const { shown } = await retailers();
    const ip = freshIp();
    await rate({ retailerId: shown[5], rating: 2, comment: "Slow to answer.", email: "late1@example.com" }, ip);
    await rate({ retailerId: shown[5], rating: 5, comment: "Lovely stone.", email: "late2@example.com" }, ip);
    const res = await call("/api/retailer-ratings/sample");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("@example.com");
    const { ratings } = JSON.parse(text) as { ratings: RetailerRating[] };
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.length).toBeLessThanOrEqual(12);
    const name = (await env.DB.prepare("SELECT name FROM retailers WHERE id = ?").bind(shown[5]).first<{ name: string }>())!.name;
    expect(ratings[0]).toMatchObject({ retailerId: shown[5], retailerName: name, rating: 5, comment: "Lovely stone." });
    const times = ratings.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const summary = await retailerRatingSummary(env.DB, [shown[5]!, 99_999]);
    const count = (await env.DB.prepare("SELECT COUNT(*) AS n, AVG(rating) AS a FROM retailer_ratings WHERE retailer_id = ?").bind(shown[5]).first<{
      n: number;
      a: number;
    }>())!;
    expect(summary.get(shown[5]!)).toEqual({ provider: "loupe", rating: Math.round(count.a * 10) / 10, count: count.n });
    expect(summary.get(99_999)).toEqual({ provider: "loupe", rating: 0, count: 0 });
    expect((await retailerRatingSummary(env.DB, [])).size).toBe(0);
  });
});
