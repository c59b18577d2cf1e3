/**
 * The search wizard's six §7 calls against the test catalogue (issue 21 point 6): the trade-offs a budget buys,
 * a saved search with its recommendations (within the budget, the shape and origin asked, each with its
 * reason) read back by its searchId, a ring's budget reserving a setting, the quiz saved without an email, the
 * shopper's notes, the recommendations emailed through the outbox; refusals: bad input 400 naming the field,
 * an unknown searchId 404.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../helpers";
import { call, postJson } from "../helpers";
import type { Qualities, WizardSearch } from "#shared/search-wizard/schemas.ts";
import { bearer, confirmedUser, signIn } from "../accounts/account-helpers";

const wizard = async (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(`/api/${path}`, body, headers);
const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
const row = (id: string) =>
  env.DB.prepare("SELECT user_id, source, email, comments, notes_at, emailed_at FROM wizard_searches WHERE id = ?").bind(id).first<{
    user_id: number | null;
    source: string;
    email: string | null;
    comments: string | null;
    notes_at: number | null;
    emailed_at: number | null;
  }>();

/** Field paths a 400 names. */
async function badFields(res: Response): Promise<string[]> {
  const body = await json<ErrorBody>(res, 400);
  expect(body.error.code).toBe("bad_request");
  return (body.error.details ?? []).map((d) => d.path);
}

describe("SearchWizard/qualities", () => {
  it("answers the Biggest, Balanced and Finest trade-offs of a budget, bigger for lower grades", async () => {
    const q = await json<Qualities>(await wizard("SearchWizard/qualities", { price: 8000, shape: 1, IsLabGrown: false, requestType: "diamond", ringStyle: 0 }));
    expect(q.budget).toEqual({ total: 800_000, diamond: 800_000, setting: null });
    expect(q.options.map((o) => o.name)).toEqual(["Biggest", "Balanced", "Finest"]);
    const [biggest, , finest] = q.options;
    expect(biggest!.carat).not.toBeNull();
    expect(biggest!.carat!).toBeGreaterThanOrEqual(finest!.carat ?? 0);
    expect(biggest!.count).toBeGreaterThan(0);
    expect(biggest!.summary).toContain(`Up to ${biggest!.carat!.toFixed(2)} ct, I colour or better, SI1 or better`);
  });

  it("reserves a typical setting of the ring style from the budget", async () => {
    const q = await json<Qualities>(await wizard("SearchWizard/qualities", { price: 8000, shape: 1, IsLabGrown: false, requestType: "ring", ringStyle: 2 }));
    expect(q.budget.setting).toMatchObject({ style: 2, styleLabel: "Halo" });
    expect(q.budget.setting!.price).toBeGreaterThan(0);
    expect(q.budget.diamond).toBe(800_000 - q.budget.setting!.price);
  });

  it("refuses a budget outside $300–$1,000,000 and unknown values, naming the fields", async () => {
    expect(await badFields(await wizard("SearchWizard/qualities", { price: 100 }))).toEqual(["price"]);
    expect(await badFields(await wizard("SearchWizard/qualities", { price: 2_000_000 }))).toEqual(["price"]);
    expect(await badFields(await wizard("SearchWizard/qualities", { price: 5000, requestType: "necklace", shape: 42 }))).toEqual(
      expect.arrayContaining(["requestType", "shape"]),
    );
    // A ring whose setting leaves too little for a stone.
    const res = await wizard("SearchWizard/qualities", { price: 300, requestType: "ring", ringStyle: 0 });
    expect(await badFields(res)).toEqual(["price"]);
  });
});

describe("SearchWizard/search and get-search", () => {
  it("saves a search and answers recommendations within the budget, shape, origin and limits, each with its reason", async () => {
    const body = { price: 9000, shape: 1, IsLabGrown: false, CaratMax: null, ColorMax: 6, ClarityMax: 7, requestType: "diamond", ringStyle: 0, resultCount: 5 };
    const s = await json<WizardSearch>(await wizard("SearchWizard/search", body));
    expect(s.searchId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(s.source).toBe("search");
    expect(s.recommendations.length).toBeGreaterThanOrEqual(3);
    expect(s.recommendations.length).toBeLessThanOrEqual(5);
    for (const r of s.recommendations) {
      expect(r.diamond.price).toBeLessThanOrEqual(900_000);
      expect(r.diamond).toMatchObject({ shape: 1, isLabGrown: false, isSold: false });
      expect(r.diamond.color).toBeLessThanOrEqual(6);
      expect(r.diamond.clarity).toBeLessThanOrEqual(7);
      expect(r.reason).toMatch(/ct/);
    }
    expect(new Set(s.recommendations.map((r) => r.pick)).size).toBe(s.recommendations.length);
    // A pick with enough comparable stones listed says how its price compares (the deal score).
    const priced = s.recommendations.filter((r) => r.reason.includes("deal score"));
    for (const r of priced) expect(r.reason).toMatch(/ Priced (\d+% (below|above)|at) the median of [\d,]+ comparable stones \(deal score \d+\.\d of 10\)\.$/);
    expect(s.moreLikeThese).toMatch(/^\/diamond-search\/s\?/);
    expect(new URL(s.moreLikeThese, "https://x.test").searchParams.get("shape")).toBe("round");

    const again = await json<WizardSearch>(await call(`/api/SearchWizard/get-search/${s.searchId}`, { method: "POST" }));
    expect(again).toEqual(s);
    expect(await row(s.searchId)).toMatchObject({ user_id: null, source: "search" });
  });

  it("says how a pick's price compares with comparable stones listed (its deal score)", async () => {
    const s = await json<WizardSearch>(await wizard("SearchWizard/search", { price: 3000, shape: 1, IsLabGrown: true }));
    const priced = s.recommendations.filter((r) => r.reason.includes("deal score"));
    expect(priced.length).toBeGreaterThan(0);
    for (const r of priced) expect(r.reason).toMatch(/ Priced (\d+% (below|above)|at) the median of [\d,]+ comparable stones \(deal score \d+\.\d of 10\)\.$/);
  });

  it("keeps a signed-in customer's search on their account", async () => {
    const token = await signIn(await confirmedUser("wizard"));
    const s = await json<WizardSearch>(await wizard("SearchWizard/search", { price: 4000, shape: 6, IsLabGrown: true }, bearer(token)));
    const user = await env.DB.prepare("SELECT user_id FROM wizard_searches WHERE id = ?").bind(s.searchId).first<{ user_id: number | null }>();
    expect(user!.user_id).toBeGreaterThan(0);
    expect(s.request).toMatchObject({ requestType: "diamond", resultCount: 4, priority: "balanced", CaratMax: null });
    for (const r of s.recommendations) expect(r.diamond).toMatchObject({ shape: 6, isLabGrown: true });
  });

  it("answers 404 for an unknown searchId and 400 for one that is not a searchId", async () => {
    const unknown = await call("/api/SearchWizard/get-search/AAAAAAAAAAAAAAAAAAAAAA", { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await badFields(await call("/api/SearchWizard/get-search/nope", { method: "POST" }))).toEqual(["searchId"]);
    expect(await badFields(await wizard("SearchWizard/search", { price: 5000, resultCount: 13, isLabGrown: true }))).toEqual(
      expect.arrayContaining(["resultCount", "isLabGrown"]),
    );
  });
});

describe("searchWizard/send-quiz-without-email and add-notes", () => {
  it("saves the quiz's answers as a search without an email, then keeps the shopper's notes on it", async () => {
    const quiz = { price: 3000, shape: null, IsLabGrown: null, requestType: "ring", ringStyle: 1, priority: "size" };
    const s = await json<WizardSearch>(await wizard("searchWizard/send-quiz-without-email", quiz));
    expect(s.source).toBe("quiz");
    expect(s.budget.setting).toMatchObject({ style: 1, styleLabel: "Solitaire" });
    expect(s.recommendations[0]!.pick).toBe("size");
    for (const r of s.recommendations) expect(r.diamond.price).toBeLessThanOrEqual(s.budget.diamond);
    expect(await row(s.searchId)).toMatchObject({ source: "quiz", email: null });

    const notes = { searchId: s.searchId, email: "notes@example.com", comments: "  Prefer a warmer stone for yellow gold.  " };
    expect(await json(await wizard("searchWizard/add-notes", notes))).toEqual({ accepted: true });
    expect(await row(s.searchId)).toMatchObject({ email: "notes@example.com", comments: "Prefer a warmer stone for yellow gold." });
    const read = await json<WizardSearch>(await call(`/api/SearchWizard/get-search/${s.searchId}`, { method: "POST" }));
    expect(read.hasNotes).toBe(true);
    expect(JSON.stringify(read)).not.toContain("notes@example.com");

    expect((await wizard("searchWizard/add-notes", { ...notes, searchId: "BBBBBBBBBBBBBBBBBBBBBB" })).status).toBe(404);
    expect(await badFields(await wizard("searchWizard/add-notes", { ...notes, email: "not an email" }))).toEqual(["email"]);
    expect(await badFields(await wizard("searchWizard/add-notes", { ...notes, comments: "x".repeat(2001) }))).toEqual(["comments"]);
  });
});
