/**
 * SearchWizard/get-recommendations (issue 21 point 6): the saved search's recommendations emailed through the
 * outbox (each stone, why it was picked, links to it and to the saved search), the email and comments kept on
 * the search, recomputed for a new budget when `initial` is false; an unknown searchId 404; at most the email
 * gate's hourly emails to an address (worker/email/gate.ts), exactly even when asked at once (429 with Retry-After after).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_RECOMMENDATION_EMAILS } from "#shared/search-wizard/schemas.ts";
import type { WizardSearch } from "#shared/search-wizard/schemas.ts";
import { EMAILS_PER_RECIPIENT_HOUR } from "#worker/email/gate.ts";
import { renderEmail } from "#worker/email/templates.ts";
import { freshEmail, outbox } from "../accounts/account-helpers";
import { call, postJson } from "../helpers";

async function newSearch(body: Record<string, unknown> = { price: 7000, shape: 1, IsLabGrown: false }): Promise<WizardSearch> {
  const res = await postJson("/api/SearchWizard/search", body);
  expect(res.status).toBe(200);
  return (await res.json()) as WizardSearch;
}
const ask = (body: Record<string, unknown>) => postJson("/api/SearchWizard/get-recommendations", body);

describe("SearchWizard/get-recommendations", () => {
  it("emails the recommendations with why each was picked and keeps the email and comments on the search", async () => {
    const s = await newSearch();
    const email = freshEmail("wizard");
    const res = await ask({ searchId: s.searchId, email, comments: "Is the first one eye clean?" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
    const [mail] = await outbox(email);
    expect(mail!.template).toBe("wizard-recommendations");
    const rendered = renderEmail({ template: "wizard-recommendations", data: mail!.data as never });
    expect(rendered.subject).toBe(`Your ${s.recommendations.length} diamond recommendations from Loupe`);
    for (const r of s.recommendations) {
      expect(rendered.text).toContain(r.reason);
      expect(rendered.links.map((l) => l.href)).toContain(`https://loupe.test/diamond/${r.diamond.id}/${r.diamond.slug}`);
    }
    expect(rendered.links.map((l) => l.href)).toContain(`https://loupe.test/quiz/results?searchId=${s.searchId}`);
    const row = await env.DB.prepare("SELECT email, comments, emailed_at FROM wizard_searches WHERE id = ?").bind(s.searchId).first<Record<string, unknown>>();
    expect(row).toMatchObject({ email, comments: "Is the first one eye clean?" });
    expect(row!.emailed_at).toBeGreaterThan(0);
  });

  it("recomputes for a new budget when initial is false, and saves it on the search", async () => {
    const s = await newSearch({ price: 9000, shape: 6, IsLabGrown: true });
    expect((await ask({ searchId: s.searchId, email: freshEmail("again"), initial: false, price: 2500, requestType: "diamond" })).status).toBe(202);
    const read = (await (await call(`/api/SearchWizard/get-search/${s.searchId}`, { method: "POST" })).json()) as WizardSearch;
    expect(read.request.price).toBe(2500);
    expect(read.budget.diamond).toBe(250_000);
    for (const r of read.recommendations) expect(r.diamond.price).toBeLessThanOrEqual(250_000);
  });

  it("answers 404 for an unknown searchId (emailing nothing) and 400 for a bad email", async () => {
    const email = freshEmail("unknown");
    expect((await ask({ searchId: "CCCCCCCCCCCCCCCCCCCCCC", email })).status).toBe(404);
    expect(await outbox(email)).toHaveLength(0);
    const s = await newSearch();
    const bad = await ask({ searchId: s.searchId, email: "nobody" });
    expect(bad.status).toBe(400);
  });

  it(`sends at most ${EMAILS_PER_RECIPIENT_HOUR.other} to an address an hour (the email gate), exactly even at once; then 429 with Retry-After`, async () => {
    const s = await newSearch();
    const email = freshEmail("burst");
    const answers = await Promise.all(Array.from({ length: MAX_RECOMMENDATION_EMAILS + 5 }, () => ask({ searchId: s.searchId, email })));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(EMAILS_PER_RECIPIENT_HOUR.other);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(MAX_RECOMMENDATION_EMAILS + 5 - EMAILS_PER_RECIPIENT_HOUR.other);
    for (const r of limited) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await outbox(email)).toHaveLength(EMAILS_PER_RECIPIENT_HOUR.other);
    // The address is the key, whatever its case; another address is not limited.
    expect((await ask({ searchId: s.searchId, email: email.toUpperCase() })).status).toBe(429);
    expect((await ask({ searchId: s.searchId, email: freshEmail("other") })).status).toBe(202);
  });
});
