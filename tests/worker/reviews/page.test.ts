/** `/reviews` rendered on the server (works without JavaScript): counts, 9 interleaved reviews, `?page=n` renders 1..n, the filter. */
import { describe, expect, it } from "vitest";
import { call } from "../helpers";

const providersIn = (html: string) => [...html.matchAll(/data-provider="(\d)"/g)].map((m) => Number(m[1]));

describe("/reviews", () => {
  it("shows the counts per provider and in total, and the first 9 reviews alternating Google, Trustpilot", async () => {
    const res = await call("/reviews");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1");
    expect(html).toMatch(/<dt>Google<\/dt>/);
    expect(html).toMatch(/<dt>Trustpilot<\/dt>/);
    expect(html).toMatch(/<dt>All reviews<\/dt>/);
    expect(providersIn(html)).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1]);
    expect(html).toContain('href="/reviews?page=2#review-10"');
    expect(html).toContain('<link rel="canonical" href="https://loupe.test/reviews"');
    expect(html).not.toContain("AggregateRating");
  });

  it("renders pages 1..n for ?page=n, continuing the alternation", async () => {
    const html = await (await call("/reviews?page=2")).text();
    expect(providersIn(html)).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
    expect(html).toContain('href="/reviews?page=3#review-19"');
  });

  it("filters by the minimum stars of the form (GET), keeping it in the next-page link; a bad value shows every review", async () => {
    const html = await (await call("/reviews?min=5")).text();
    expect(html).toContain('href="/reviews?page=2&amp;min=5#review-10"');
    const stars = [...html.matchAll(/class="review-meta"><span class="review-stars">.*?visually-hidden">(\d) out of 5 stars/g)].map((m) => Number(m[1]));
    expect(stars).toHaveLength(9);
    expect(stars.every((s) => s === 5)).toBe(true);
    const bad = await call("/reviews?min=9&page=zero");
    expect(bad.status).toBe(200);
    expect(providersIn(await bad.text())).toHaveLength(9);
  });

  it("/testimonials moves here for good", async () => {
    const res = await call("/testimonials");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toMatch(/\/reviews$/);
  });
});
