/**
 * §7 Reports under /api (issue 21 points 4 and 8): every call's answer and refusal on the seeded catalogue —
 * 401 without a session, another customer's report 404 with nothing changed, an unknown certificate 404, a
 * stone seen elsewhere without a price 400, the limits exact under concurrency, one pending gemologist review
 * per report, removal, and the scores my stuff shows.
 */
import { env } from "cloudflare:test";
import { catalogueVersionStatement } from "#shared/catalogue/seed-plan.ts";
import { describe, expect, it } from "vitest";
import type { MyStuffReport as MyStuffReportSchema, ReportScores as ReportScoresSchema } from "#shared/my-stuff/lists.ts";
import type * as v from "valibot";
import { type DealScore, type GemologistReview, MAX_REPORTS_PER_DAY, type Report } from "#shared/reports/schemas.ts";
import { utcDayStart } from "#worker/reports/store.ts";
import { call, type ErrorBody } from "../helpers";
import { bearer, confirmedUser, signIn } from "../accounts/account-helpers";

type MyStuffReport = v.InferOutput<typeof MyStuffReportSchema>;
type ReportScores = v.InferOutput<typeof ReportScoresSchema>;

const customer = async (tag: string) => bearer(await signIn(await confirmedUser(tag)));

const send = (path: string, auth: Record<string, string>, body?: unknown) =>
  call(`/api${path}`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const read = (path: string, auth: Record<string, string>) => call(`/api${path}`, { headers: auth });

/** An available round natural diamond near a carat (crowded: it has comparables). */
async function listed(): Promise<{ id: number; certificate_id: string; price_cents: number; carat: number; retailer_id: number }> {
  return (await env.DB.prepare(
    "SELECT id, certificate_id, price_cents, carat, retailer_id FROM diamonds WHERE is_sold = 0 AND shape = 1 AND is_lab_grown = 0 AND carat BETWEEN 0.9 AND 1.1 AND certificate_id GLOB '[0-9]*' ORDER BY id LIMIT 1",
  ).first())!;
}

const ELSEWHERE = {
  isLabGrown: true,
  shape: 6,
  carat: 1.5,
  color: 3,
  clarity: 4,
  cut: null,
  polish: null,
  symmetry: null,
  fluorescence: 0,
  certificateLab: 2,
  depthPct: 61,
  tablePct: 57,
  lwRatio: 1.4,
  growthMethod: null,
  treated: null,
};

describe("POST /api/Reports and GET /api/Reports/{id}", () => {
  it("a report on a listed diamond: its price, retailer, sections and deal score, read back the same", async () => {
    const auth = await customer("report-listed");
    const d = await listed();
    const res = await send("/Reports", auth, { certificateId: d.certificate_id.toLowerCase() });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const report = (await res.json()) as Report;
    expect(report.diamondId).toBe(d.id);
    expect(report.price).toBe(d.price_cents);
    expect(report.available).toBe(true);
    expect(report.retailer?.id).toBe(d.retailer_id);
    expect(report.title).toMatch(new RegExp(`^${d.carat.toFixed(2)} ct `));
    expect(report.sections.map((s) => s.name)).toEqual(expect.arrayContaining(["price", "cut", "eyeClean", "retailer"]));
    for (const s of report.sections) for (const line of s.checklist) expect(line.why.length).toBeGreaterThan(0);
    expect(report.dealScore!.comparables.every((c) => c.diamond.id !== d.id)).toBe(true);
    const again = (await (await read(`/Reports/${report.id}`, auth)).json()) as Report;
    expect(again).toEqual(report);
    // The latest report on that diamond.
    expect(((await (await read(`/Reports/diamond-by-id/${d.id}`, auth)).json()) as Report).id).toBe(report.id);
  });

  it("a quote seen elsewhere for a listed certificate is scored at the quoted price", async () => {
    const auth = await customer("report-quote");
    const d = await listed();
    const report = (await (await send("/Reports", auth, { certificateId: d.certificate_id, price: d.price_cents * 2 })).json()) as Report;
    expect(report.price).toBe(d.price_cents * 2);
    expect(report.dealScore!.price).toBe(d.price_cents * 2);
  });

  it("a stone seen elsewhere needs its price; with it, a report without a retailer", async () => {
    const auth = await customer("report-elsewhere");
    const missing = await send("/Reports", auth, { stone: ELSEWHERE });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).error.details?.[0]?.path).toBe("price");
    const res = await send("/Reports", auth, { stone: ELSEWHERE, price: 250_000, productUrl: "https://shop.example/oval-1-5" });
    expect(res.status).toBe(201);
    const report = (await res.json()) as Report;
    expect(report).toMatchObject({ diamondId: null, retailer: null, available: null, price: 250_000, productUrl: "https://shop.example/oval-1-5" });
    expect(report.title).toBe("1.50 ct F VVS2 Oval · Lab-grown");
    expect(report.sections.some((s) => s.name === "retailer")).toBe(false);
  });

  it("refuses an unknown certificate (404), bad fields (400 with the field), nothing at all (400), another address (400)", async () => {
    const auth = await customer("report-refusals");
    const unknown = await send("/Reports", auth, { certificateId: "NO-SUCH-CERT-42" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.message).toMatch(/NO-SUCH-CERT-42.*characteristics/);
    const bad = await send("/Reports", auth, { stone: { ...ELSEWHERE, carat: 0.01 }, price: 1000 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.details?.some((p) => p.path === "stone.carat")).toBe(true);
    expect((await send("/Reports", auth, {})).status).toBe(400);
    const other = await send("/Reports", auth, { stone: ELSEWHERE, price: 1000, userEmail: "someone.else@example.com" });
    expect(other.status).toBe(400);
    expect((await (await read("/my-stuff-reports", auth)).json()) as { reports: unknown[] }).toEqual({ reports: [] });
  });

  it("answers 401 without a session", async () => {
    expect((await send("/Reports", {}, { certificateId: "1" })).status).toBe(401);
    expect((await read("/Reports/1", {})).status).toBe(401);
    expect((await send("/Reports/1/remove", {})).status).toBe(401);
  });
});

describe("another customer's report", () => {
  it("answers 404 to every call and nothing changes", async () => {
    const owner = await customer("report-owner");
    const other = await customer("report-other");
    const d = await listed();
    const report = (await (await send("/Reports", owner, { certificateId: d.certificate_id })).json()) as Report;
    for (const res of [
      await read(`/Reports/${report.id}`, other),
      await send(`/Reports/${report.id}/DealScore`, other),
      await send(`/Reports/${report.id}/GemologistReviews`, other, {}),
      await send(`/Reports/${report.id}/remove`, other),
      await read(`/Reports/diamond-by-id/${d.id}`, other),
    ])
      expect(res.status).toBe(404);
    const after = (await (await read(`/Reports/${report.id}`, owner)).json()) as Report;
    expect(after).toEqual(report);
  });
});

describe("scoring again, gemologist reviews and removal", () => {
  it("scores again against today's listings and keeps it on the report", async () => {
    const auth = await customer("report-rescore");
    const d = await listed();
    const report = (await (await send("/Reports", auth, { certificateId: d.certificate_id })).json()) as Report;
    // A far cheaper twin listed since: the same stone now compares worse.
    const twin = await env.DB.prepare(
      `INSERT INTO diamonds (retailer_id, certificate_lab, certificate_id, is_lab_grown, shape, carat, cut, color, clarity, polish, symmetry, fluorescence,
         depth_pct, table_pct, length_mm, width_mm, depth_mm, lw_ratio, eye_clean, shipping_days, price_cents, image_url, sorting_order, updated_at)
       SELECT retailer_id, certificate_lab, 'TWIN-' || id, is_lab_grown, shape, carat, cut, color, clarity, polish, symmetry, fluorescence,
         depth_pct, table_pct, length_mm, width_mm, depth_mm, lw_ratio, eye_clean, shipping_days, 1000, image_url, sorting_order, updated_at FROM diamonds WHERE id = ?
       RETURNING id`,
    )
      .bind(d.id)
      .first<{ id: number }>();
    await env.DB.prepare(catalogueVersionStatement()).run();
    try {
      await env.SEARCH.get(env.SEARCH.idFromName("catalogue")).refresh();
      const res = await send(`/Reports/${report.id}/DealScore`, auth);
      expect(res.status).toBe(200);
      const deal = (await res.json()) as DealScore;
      expect(deal.comparableCount).toBe(report.dealScore!.comparableCount + 1);
      if (report.dealScore!.percentile !== null) expect(deal.percentile!).toBeLessThan(report.dealScore!.percentile);
      const after = (await (await read(`/Reports/${report.id}`, auth)).json()) as Report;
      expect(after.dealScore).toEqual(deal);
    } finally {
      await env.DB.batch([env.DB.prepare("DELETE FROM diamonds WHERE id = ?").bind(twin!.id), env.DB.prepare(catalogueVersionStatement())]);
      await env.SEARCH.get(env.SEARCH.idFromName("catalogue")).refresh();
    }
  });

  it("one pending review per report, even when asked twice at once (202 then 409); the report lists it", async () => {
    const auth = await customer("report-review");
    const report = (await (await send("/Reports", auth, { stone: ELSEWHERE, price: 300_000 })).json()) as Report;
    const answers = await Promise.all([1, 2, 3].map(() => send(`/Reports/${report.id}/GemologistReviews`, auth, { productUrl: "https://shop.example/x" })));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 409, 409]);
    const queued = (await answers.find((r) => r.status === 202)!.json()) as GemologistReview;
    expect(queued).toMatchObject({ status: "pending", productUrl: "https://shop.example/x", answer: null });
    const after = (await (await read(`/Reports/${report.id}`, auth)).json()) as Report;
    expect(after.hasGemologistReview).toBe(true);
    expect(after.gemologistReviews.map((r) => r.id)).toEqual([queued.id]);
  });

  it("a report made with hasGemologistReview queues its review at once", async () => {
    const auth = await customer("report-review-at-once");
    const report = (await (await send("/Reports", auth, { stone: ELSEWHERE, price: 300_000, hasGemologistReview: true })).json()) as Report;
    expect(report.gemologistReviews.map((r) => r.status)).toEqual(["pending"]);
  });

  it("a removed report answers 404 from then on and leaves my stuff", async () => {
    const auth = await customer("report-remove");
    const report = (await (await send("/Reports", auth, { stone: ELSEWHERE, price: 300_000 })).json()) as Report;
    expect((await send(`/Reports/${report.id}/remove`, auth)).status).toBe(204);
    expect((await send(`/Reports/${report.id}/remove`, auth)).status).toBe(404);
    expect((await read(`/Reports/${report.id}`, auth)).status).toBe(404);
    expect((await send(`/Reports/${report.id}/DealScore`, auth)).status).toBe(404);
    expect(((await (await read("/my-stuff-reports", auth)).json()) as { reports: unknown[] }).reports).toEqual([]);
  });
});

describe("limits", () => {
  it(`at most ${MAX_REPORTS_PER_DAY} a day, exact when 12 arrive at once with ${MAX_REPORTS_PER_DAY - 3} made`, async () => {
    const email = await confirmedUser("report-limit");
    const auth = bearer(await signIn(email));
    const { id: userId } = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: number }>())!;
    const now = Date.now();
    const made = MAX_REPORTS_PER_DAY - 3;
    await env.DB.batch(
      Array.from({ length: made }, () =>
        env.DB.prepare("INSERT INTO reports (user_id, stone, price_cents, sections, score, max_score, created_at) VALUES (?, '{}', 100, '[]', 0, 10, ?)").bind(
          userId,
          Math.max(utcDayStart(now), now - 1000),
        ),
      ),
    );
    const answers = await Promise.all(Array.from({ length: 12 }, () => send("/Reports", auth, { stone: ELSEWHERE, price: 300_000 })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    expect(((await refused[0]!.json()) as ErrorBody).error.message).toMatch(/today/);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM reports WHERE user_id = ?").bind(userId).first<{ n: number }>())!;
    expect(n).toBe(MAX_REPORTS_PER_DAY);
  });
});

describe("my stuff", () => {
  it("lists the reports newest first and gives a saved diamond its latest report's scores", async () => {
    const auth = await customer("report-my-stuff");
    const d = await listed();
    expect((await send("/my-stuff/diamonds", auth, { id: d.id })).status).toBe(200);
    const before = (await (await read("/my-stuff/reportscores", auth)).json()) as { scores: { diamondId: number; qualityScore: number | null }[] };
    expect(before.scores).toEqual([{ diamondId: d.id, qualityScore: null, qualityMaxScore: null, cutScoreDiff: null }]);
    const elsewhere = (await (await send("/Reports", auth, { stone: ELSEWHERE, price: 300_000 })).json()) as Report;
    const report = (await (await send("/Reports", auth, { certificateId: d.certificate_id })).json()) as Report;
    const list = ((await (await read("/my-stuff-reports", auth)).json()) as { reports: MyStuffReport[] }).reports;
    expect(list.map((r) => r.id)).toEqual([report.id, elsewhere.id]);
    expect(list[0]).toMatchObject({ diamondId: d.id, title: report.title, score: report.score, maxScore: report.maxScore, dealScore: report.dealScore!.score });
    const cut = report.sections.find((s) => s.name === "cut")!;
    const scores = ((await (await read("/my-stuff/reportscores", auth)).json()) as ReportScores).scores;
    expect(scores).toEqual([
      { diamondId: d.id, qualityScore: report.score, qualityMaxScore: report.maxScore, cutScoreDiff: Math.round((cut.score - cut.maxScore) * 10) / 10 },
    ]);
    const favourites = (await (await read("/my-stuff-favorite-diamonds", auth)).json()) as { diamonds: { id: number; qualityScore: number | null }[] };
    expect(favourites.diamonds.find((x) => x.id === d.id)?.qualityScore).toBe(report.score);
  });
});
