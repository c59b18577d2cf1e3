/**
 * §4 / §7 / §9 reviews (issue 20 point 4): `GET reviews/{page}/{size}?min=` interleaved 1, 2, 1, 2… across pages,
 * `GET reviews/count`, `GET top-Reviews/?min=`. The expected order is built here from D1 the plain way.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Review, ReviewCounts, ReviewPage } from "#shared/reviews.ts";
import { reviewCounts, topReviews } from "#worker/reviews/store.ts";
import { call, type ErrorBody } from "../helpers";

const get = async <T>(path: string) => {
  const res = await call(path);
  return { status: res.status, body: (await res.json()) as T, res };
};

/** Every published review with at least `min` stars in the interleaved order: each provider newest first, 1, 2, 1, 2… */
async function expectedOrder(min = 0): Promise<number[]> {
  const of = async (p: number) =>
    (
      await env.DB.prepare("SELECT id FROM reviews WHERE status = 1 AND provider = ? AND rating >= ? ORDER BY date DESC, id DESC")
        .bind(p, min)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
  const [g, t] = [await of(1), await of(2)];
  const out: number[] = [];
  for (let i = 0; i < Math.max(g.length, t.length); i++) {
    if (i < g.length) out.push(g[i]!);
    if (i < t.length) out.push(t[i]!);
  }
  return out;
}

describe("GET reviews/{page}/{size}", () => {
  it("page 1 of 9 alternates Google, Trustpilot, starting with Google; page 2 continues the alternation", async () => {
    const one = await get<ReviewPage>("/api/reviews/1/9");
    expect(one.status).toBe(200);
    expect(one.body.reviews.map((r) => r.provider)).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1]);
    const two = await get<ReviewPage>("/api/reviews/2/9");
    expect(two.body.reviews.map((r) => r.provider)).toEqual([2, 1, 2, 1, 2, 1, 2, 1, 2]);
    expect(one.body.total).toBeGreaterThanOrEqual(40);
    expect(one.res.headers.get("cache-control")).toContain("public");
  });

  it("reading every page in turn gives each review once, in the one interleaved order", async () => {
    const expected = await expectedOrder();
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const { body } = await get<ReviewPage>(`/api/reviews/${page}/9`);
      if (body.reviews.length === 0) break;
      seen.push(...body.reviews.map((r) => r.id));
    }
    expect(seen).toEqual(expected);
  });

  it("when one provider runs out the rest of the other follows", async () => {
    // Six more (old, 1-star) Trustpilot reviews: Trustpilot now has more, so the sequence ends with Trustpilot's alone.
    const extra = Array.from({ length: 6 }, (_, i) =>
      env.DB.prepare("INSERT INTO reviews (provider, author, rating, title, body, date, location) VALUES (2, ?, 1, 'Late', 'Arrived late.', ?, NULL)").bind(
        `Extra ${i}`,
        `2024-01-0${i + 1}`,
      ),
    );
    await env.DB.batch(extra);
    const expected = await expectedOrder();
    const all = (await get<ReviewPage>("/api/reviews/1/50")).body.reviews.map((r) => r.id);
    const rest = (await get<ReviewPage>("/api/reviews/2/50")).body.reviews.map((r) => r.id);
    expect([...all, ...rest]).toEqual(expected);
    const last = (await get<ReviewPage>(`/api/reviews/${Math.ceil(expected.length / 6)}/6`)).body.reviews;
    expect(last.length).toBeGreaterThan(0);
    expect(last.every((r) => r.provider === 2)).toBe(true);
  });

  it("min keeps reviews of at least that many stars, still interleaved; -1 and 0 mean every review", async () => {
    const four = await get<ReviewPage>("/api/reviews/1/50?min=4");
    expect(four.body.reviews.length).toBeGreaterThan(0);
    expect(four.body.reviews.every((r) => r.rating >= 4)).toBe(true);
    expect(four.body.reviews.map((r) => r.id)).toEqual((await expectedOrder(4)).slice(0, 50));
    expect(four.body.min).toBe(4);
    const all = await get<ReviewPage>("/api/reviews/1/9?min=-1");
    const none = await get<ReviewPage>("/api/reviews/1/9");
    expect(all.body).toEqual(none.body);
    expect(none.body.min).toBe(-1);
    expect((await get<ReviewPage>("/api/reviews/1/9?min=0")).body.total).toBe(none.body.total);
  });

  it("refuses a size below 6 or above 50, page 0 and a min that is not -1..5 (400, naming the field)", async () => {
    for (const [path, field] of [
      ["/api/reviews/1/5", "size"],
      ["/api/reviews/1/51", "size"],
      ["/api/reviews/0/9", "page"],
      ["/api/reviews/x/9", "page"],
      ["/api/reviews/1/9?min=6", "min"],
      ["/api/reviews/1/9?min=-2", "min"],
      ["/api/reviews/1/9?min=four", "min"],
    ] as const) {
      const { status, body } = await get<ErrorBody>(path);
      expect(status, path).toBe(400);
      expect(body.error.details?.map((d) => d.path).join(" "), path).toContain(field);
    }
    expect((await get<ReviewPage>("/api/reviews/1/6")).body.reviews).toHaveLength(6);
  });

  it("a page past the last is empty", async () => {
    const { status, body } = await get<ReviewPage>("/api/reviews/999/50");
    expect(status).toBe(200);
    expect(body.reviews).toEqual([]);
  });
});

describe("GET reviews/count", () => {
  it("counts each provider's published reviews with their averages, and the totals; a hidden review is not counted", async () => {
    const { body } = await get<ReviewCounts>("/api/reviews/count");
    const rows = (
      await env.DB.prepare("SELECT provider, COUNT(*) AS n, AVG(rating) AS avg FROM reviews WHERE status = 1 GROUP BY provider").all<{
        provider: number;
        n: number;
        avg: number;
      }>()
    ).results;
    const g = rows.find((r) => r.provider === 1)!;
    const t = rows.find((r) => r.provider === 2)!;
    expect(body.google).toEqual({ count: g.n, average: Math.round(g.avg * 10) / 10 });
    expect(body.trustpilot).toEqual({ count: t.n, average: Math.round(t.avg * 10) / 10 });
    expect(body.total.count).toBe(g.n + t.n);
    expect(body.total.average).toBeGreaterThan(3);
    expect(body.total.average).toBeLessThanOrEqual(5);
    await env.DB.prepare("UPDATE reviews SET status = 0 WHERE id = 1").run();
    expect((await reviewCounts(env.DB)).google.count).toBe(g.n - 1);
    const ids = (await get<ReviewPage>("/api/reviews/1/50")).body.reviews.map((r) => r.id);
    expect(ids).not.toContain(1);
  });
});

describe("GET top-Reviews/", () => {
  it("answers the best reviews, interleaved starting with Google, at least min stars", async () => {
    const { status, body } = await get<{ reviews: Review[] }>("/api/top-Reviews/?min=5");
    expect(status).toBe(200);
    expect(body.reviews).toHaveLength(6);
    expect(body.reviews.map((r) => r.provider)).toEqual([1, 2, 1, 2, 1, 2]);
    expect(body.reviews.every((r) => r.rating === 5)).toBe(true);
    // Newest first within each provider's best.
    const google = body.reviews.filter((r) => r.provider === 1).map((r) => r.date);
    expect(google).toEqual([...google].sort().reverse());
    const all = await get<{ reviews: Review[] }>("/api/top-Reviews/");
    expect(all.body.reviews[0]!.rating).toBe(5);
    expect((await topReviews(env.DB, -1, 3)).map((r) => r.provider)).toEqual([1, 2, 1]);
    expect((await get<ErrorBody>("/api/top-Reviews/?min=9")).status).toBe(400);
  });
});
