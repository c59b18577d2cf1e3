/** `GET /api/diamonds/{id}/deal-score` (shared/api/deal-score.ts) on the seeded catalogue. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DealScore } from "#shared/reports/schemas.ts";
import { call, postJson, type ErrorBody } from "../helpers";

describe("GET /api/diamonds/{id}/deal-score", () => {
  it("scores an available diamond against its comparables, nearest first, with the set as a search", async () => {
    // A stone in a crowded neighbourhood: a round natural stone around a carat.
    const d = await env.DB.prepare(
      "SELECT id, price_cents, shape, is_lab_grown, carat FROM diamonds WHERE is_sold = 0 AND shape = 1 AND is_lab_grown = 0 AND carat BETWEEN 0.9 AND 1.1 ORDER BY id LIMIT 1",
    ).first<{ id: number; price_cents: number; carat: number }>();
    const res = await call(`/api/diamonds/${d!.id}/deal-score`);
    expect(res.status).toBe(200);
    expect(res.headers.get("server-timing")).toMatch(/index;dur=/);
    const body = (await res.json()) as DealScore;
    expect(body.price).toBe(d!.price_cents);
    expect(body.maxScore).toBe(10);
    expect(body.comparables.length).toBe(Math.min(24, body.comparableCount));
    expect(body.comparables.some((c) => c.diamond.id === d!.id)).toBe(false);
    for (const c of body.comparables) {
      expect(c.diamond.shape).toBe(1);
      expect(c.diamond.isLabGrown).toBe(false);
      expect(Math.abs(c.diamond.carat - d!.carat)).toBeLessThanOrEqual(d!.carat * 0.05 + 1e-9);
    }
    if (body.comparableCount >= 5) {
      expect(body.score).toBeGreaterThanOrEqual(0);
      expect(body.score).toBeLessThanOrEqual(10);
      expect(body.explanation).toMatch(/median of [\d,]+ comparable stones/);
    } else expect(body.score).toBeNull();
    expect(body.searchUrl).toMatch(/^\/diamond-search\?/);
  });

  it("answers 404 for an unknown or sold diamond and 400 for a bad id", async () => {
    const sold = await env.DB.prepare("SELECT id FROM diamonds WHERE is_sold = 1 LIMIT 1").first<{ id: number }>();
    for (const id of [999_999_999, ...(sold ? [sold.id] : [])]) {
      const res = await call(`/api/diamonds/${id}/deal-score`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toMatch(/unknown or sold/);
    }
    expect((await call("/api/diamonds/abc/deal-score")).status).toBe(400);
  });
});

describe("the deal-score badge on a restored search (/diamond-search/{searchId})", () => {
  it("variant 1 shows the badges on a saved search's cards as on a fresh one; variant 0 none", async () => {
    const filters = { isLabGrown: false, diamondShapes: [1], caratMin: 0.9, caratMax: 1.2, sortBy: "price", sortOrder: "asc" };
    const { searchId } = (await (await postJson("/api/diamond-filter", filters)).json()) as { searchId: string };
    const withBadge = await call(`/diamond-search/${searchId}?exc=Deal_Score_Badge&exv=1`);
    expect(withBadge.status).toBe(200);
    expect(await withBadge.text()).toContain('class="deal-badge"');
    const without = await call(`/diamond-search/${searchId}?exc=Deal_Score_Badge&exv=0`);
    expect(await without.text()).not.toContain("deal-badge");
  });
});
