/**
 * The operators' gemologist reviews (issue 21 point 5): the admin view `/gemologist-reviews` behind the admin
 * token, its answer form (field messages, nothing changed on bad input), the answer shown on the customer's
 * report and emailed once through the outbox, concurrent answers (exactly one wins, one email), and the admin API.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GemologistReview, Report } from "#shared/reports/schemas.ts";
import { call, operatorCookie } from "../helpers";
import { bearer, confirmedUser, outbox, signIn } from "../accounts/account-helpers";

const ADMIN = "test-admin-token";
const admin = { authorization: `Bearer ${ADMIN}` };

const STONE = {
  isLabGrown: false,
  shape: 1,
  carat: 1.01,
  color: 4,
  clarity: 5,
  cut: 1,
  polish: 1,
  symmetry: 1,
  fluorescence: 0,
  certificateLab: 0,
  depthPct: 61.8,
  tablePct: 57,
  lwRatio: 1,
  growthMethod: null,
  treated: null,
};

/** A customer with a report on a stone seen elsewhere and a pending review of it. */
async function pendingReview(tag: string) {
  const email = await confirmedUser(tag);
  const auth = { ...bearer(await signIn(email)), "content-type": "application/json" };
  const report = (await (
    await call("/api/Reports", { method: "POST", headers: auth, body: JSON.stringify({ stone: STONE, price: 700_000 }) })
  ).json()) as Report;
  const res = await call(`/api/Reports/${report.id}/GemologistReviews`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ productUrl: "https://shop.example/round-101" }),
  });
  expect(res.status).toBe(202);
  return { email, auth, report, review: (await res.json()) as GemologistReview };
}

/** The admin session, from the local login form. */

const session = () => operatorCookie("/gemologist-reviews");
const post = (cookie: string, fields: Record<string, string>) =>
  call("/gemologist-reviews", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
    body: new URLSearchParams(fields),
  });
const ANSWER = "Bright, well proportioned and fairly priced for its grades: a sound choice.";

describe("the gemologist review view (/gemologist-reviews)", () => {
  it("is not found without the admin token or with a wrong one; the API neither", async () => {
    expect((await call("/gemologist-reviews")).status).toBe(404);
    expect((await call("/gemologist-reviews?token=wrong")).status).toBe(404);
    expect((await call("/api/gemologist-reviews")).status).toBe(404);
    expect((await call("/api/gemologist-reviews/1/answer", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(404);
  });

  it("lists a pending review with the stone, price, customer and product link", async () => {
    const { email, review, report } = await pendingReview("gem-list");
    const res = await call("/gemologist-reviews", { headers: { cookie: await session() } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`aria-label="Answer the review of ${report.title}"`);
    expect(html).toContain(email);
    expect(html).toContain('href="https://shop.example/round-101"');
    expect(html).toContain(`name="id" value="${review.id}"`);
  });

  it("bad input: messages beside the fields (400) and nothing changes", async () => {
    const { review, email } = await pendingReview("gem-bad");
    const res = await post(await session(), { id: String(review.id), verdict: "", answer: "Too short", gemologist: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`id="review-${review.id}-verdict-error"[^>]*>Choose a verdict<`));
    expect(html).toMatch(new RegExp(`id="review-${review.id}-answer-error"[^>]*>Write at least 20 characters<`));
    expect(html).toMatch(new RegExp(`id="review-${review.id}-gemologist-error"[^>]*>Name the gemologist<`));
    const row = await env.DB.prepare("SELECT status FROM gemologist_reviews WHERE id = ?").bind(review.id).first<{ status: string }>();
    expect(row!.status).toBe("pending");
    expect((await outbox(email)).filter((m) => m.template === "gemologist-review")).toEqual([]);
  });

  it("an answer is on the customer's report and in their email, with a link to the report; answering again is a 409", async () => {
    const { review, email, auth, report } = await pendingReview("gem-answer");
    const cookie = await session();
    const res = await post(cookie, { id: String(review.id), verdict: "recommended", answer: ANSWER, gemologist: "Maya Okafor" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Answered: the customer sees it on their report");
    const seen = (await (await call(`/api/Reports/${report.id}`, { headers: auth })).json()) as Report;
    expect(seen.gemologistReviews[0]).toMatchObject({ id: review.id, status: "answered", verdict: "recommended", answer: ANSWER, gemologist: "Maya Okafor" });
    const mails = (await outbox(email)).filter((m) => m.template === "gemologist-review");
    expect(mails).toHaveLength(1);
    const data = mails[0]!.data;
    expect(data).toMatchObject({ verdict: "Recommended", answer: ANSWER });
    expect(new URL(data.link!).pathname).toBe(`/diamond-report/${report.id}`);
    const again = await post(cookie, { id: String(review.id), verdict: "acceptable", answer: ANSWER, gemologist: "Someone Else" });
    expect(again.status).toBe(409);
    expect((await outbox(email)).filter((m) => m.template === "gemologist-review")).toHaveLength(1);
    // The customer may ask again once answered.
    expect((await call(`/api/Reports/${report.id}/GemologistReviews`, { method: "POST", headers: auth, body: "{}" })).status).toBe(202);
  });

  it("two operators answering at once: exactly one wins, one email", async () => {
    const { review, email } = await pendingReview("gem-race");
    const answers = await Promise.all(
      ["Maya Okafor", "Tomás Rivera", "Ines Park"].map((gemologist) =>
        call(`/api/gemologist-reviews/${review.id}/answer`, {
          method: "POST",
          headers: { ...admin, "content-type": "application/json" },
          body: JSON.stringify({ verdict: "acceptable", answer: ANSWER, gemologist }),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = (await answers.find((r) => r.status === 200)!.json()) as GemologistReview;
    const row = await env.DB.prepare("SELECT gemologist FROM gemologist_reviews WHERE id = ?").bind(review.id).first<{ gemologist: string }>();
    expect(row!.gemologist).toBe(winner.gemologist);
    expect((await outbox(email)).filter((m) => m.template === "gemologist-review")).toHaveLength(1);
  });

  it("the admin API: the queue oldest first, unknown ids 404, a removed report's review 409", async () => {
    const first = await pendingReview("gem-api-1");
    const second = await pendingReview("gem-api-2");
    const queue = (await (await call("/api/gemologist-reviews?status=pending", { headers: admin })).json()) as { reviews: { review: { id: number } }[] };
    const ids = queue.reviews.map((r) => r.review.id);
    expect(ids.indexOf(first.review.id)).toBeLessThan(ids.indexOf(second.review.id));
    const body = JSON.stringify({ verdict: "acceptable", answer: ANSWER, gemologist: "Maya Okafor" });
    const headers = { ...admin, "content-type": "application/json" };
    expect((await call("/api/gemologist-reviews/999999/answer", { method: "POST", headers, body })).status).toBe(404);
    expect((await call(`/api/Reports/${second.report.id}/remove`, { method: "POST", headers: second.auth })).status).toBe(204);
    const removed = await call(`/api/gemologist-reviews/${second.review.id}/answer`, { method: "POST", headers, body });
    expect(removed.status).toBe(409);
    expect((await outbox(second.email)).filter((m) => m.template === "gemologist-review")).toEqual([]);
    expect((await call("/api/gemologist-reviews?status=nope", { headers: admin })).status).toBe(400);
  });
});
