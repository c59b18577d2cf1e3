/**
 * Diamond reports as the report pages' loaders and actions use them (client/reports-context.ts
 * `ReportsService`): the reports services (worker/reports/service.ts) for the signed-in customer of one page
 * request, the landing's typed fields read into a `CreateReportRequest` and checked with its schema, a refusal
 * answered as the page's outcome instead of thrown.
 */
import * as v from "valibot";
import type { ReportFormValues, ReportsService, ReportWay } from "#client/reports-context.ts";
import { DomainError, type FieldProblem, refuse } from "#shared/refusal.ts";
import { CreateReportRequest, GemologistReviewRequest } from "#shared/reports/schemas.ts";
import { getDiamond } from "../diamonds/service";
import {
  createReport,
  getReport,
  latestReportForDiamond,
  listReports,
  removeReport,
  requestGemologistReview,
  rescoreReport,
  type ReportsEnv,
} from "../reports/service";
import { outcome } from "./cart";

/** What the page request gives the reports service (worker/middleware/loaders.ts builds it). */
export interface ReportsRequest {
  env: ReportsEnv;
  /** The signed-in customer, or null. */
  user: () => Promise<{ id: number } | null>;
  now: () => number;
}

/** A number as typed ("1,250.50", " 1.01 "): null when empty, NaN when not a number (the schema says so). */
export function typedNumber(s: string): number | null {
  const t = s.replace(/[\s,$]/g, "");
  return t === "" ? null : Number(t);
}

/** Dollars as typed to whole cents (null when empty). */
export function typedCents(s: string): number | null {
  const n = typedNumber(s);
  return n === null || Number.isNaN(n) ? n : Math.round(n * 100);
}

/** A schema path of the request ("stone.carat") as the landing's field name ("carat"). */
const FIELD_OF: Record<string, string> = { "stone.isLabGrown": "origin", "stone.certificateLab": "lab" };
function fieldOf(path: string): string {
  return FIELD_OF[path] ?? path.replace(/^stone\./, "");
}

/** The landing's typed fields as the `POST Reports` body, or the problems beside the fields. */
export function reportRequestOf(way: ReportWay, f: ReportFormValues): { ok: true; request: CreateReportRequest } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const price = typedCents(f.price);
  const base = { price, productUrl: f.productUrl.trim() || null };
  let body: Record<string, unknown>;
  if (way === "certificate") {
    if (!f.certificateId.trim()) problems.push({ path: "certificateId", message: "Enter the certificate number." });
    body = { ...base, certificateId: f.certificateId };
  } else {
    if (price === null) problems.push({ path: "price", message: "Enter the price you were quoted." });
    for (const [name, what] of [
      ["origin", "whether the stone is natural or lab-grown"],
      ["shape", "the shape"],
      ["carat", "the carat weight"],
      ["color", "the colour"],
      ["clarity", "the clarity"],
      ["depthPct", "the depth %"],
      ["tablePct", "the table %"],
    ] as const) {
      if (!f[name].trim()) problems.push({ path: name, message: `Enter ${what}.` });
    }
    if (f.origin && f.origin !== "lab" && f.origin !== "natural") problems.push({ path: "origin", message: "Choose natural or lab-grown." });
    body = {
      ...base,
      stone: {
        isLabGrown: f.origin === "lab",
        shape: typedNumber(f.shape),
        carat: typedNumber(f.carat),
        color: typedNumber(f.color),
        clarity: typedNumber(f.clarity),
        cut: typedNumber(f.cut),
        polish: null,
        symmetry: null,
        fluorescence: typedNumber(f.fluorescence),
        certificateLab: typedNumber(f.lab),
        depthPct: typedNumber(f.depthPct),
        tablePct: typedNumber(f.tablePct),
        lwRatio: typedNumber(f.lwRatio),
        growthMethod: null,
        treated: null,
      },
    };
  }
  const parsed = v.safeParse(CreateReportRequest, body);
  if (!parsed.success) {
    for (const i of parsed.issues) {
      const path = fieldOf(v.getDotPath(i) ?? "");
      if (!problems.some((p) => p.path === path)) problems.push({ path, message: i.message });
    }
  }
  if (problems.length || !parsed.success) return { ok: false, problems };
  return { ok: true, request: parsed.output };
}

/** The value, or null when the service refused (another customer's report, a removed or unknown one). */
async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}

const SIGN_IN = "Sign in to keep diamond reports.";

/** The server's reports service for one page request. */
export function serverReports(r: ReportsRequest): ReportsService {
  const { env } = r;
  /** Runs `work` for the signed-in customer; a refusal (or nobody signed in) becomes the outcome. */
  const mine = async <T extends object>(work: (userId: number) => Promise<T>) => {
    const user = await r.user();
    if (!user) return refuse("unauthorized", SIGN_IN);
    return outcome(() => work(user.id));
  };
  return {
    signedIn: async () => (await r.user()) !== null,
    certificateOf: async (diamondId) => (await getDiamond(env.DB, diamondId))?.certificateId ?? null,
    reportOnDiamond: async (diamondId) => {
      const user = await r.user();
      if (!user) return null;
      const report = await orNull(() => latestReportForDiamond(env, user.id, diamondId, r.now()));
      return report ? { id: report.id, title: report.title } : null;
    },
    create: async (way, values) => {
      const user = await r.user();
      if (!user) return refuse("unauthorized", SIGN_IN);
      const input = reportRequestOf(way, values);
      if (!input.ok) return refuse("bad_request", "Check the fields marked below.", input.problems);
      const made = await outcome(async () => ({ report: await createReport(env, user.id, input.request, r.now()) }));
      // The service names the request's fields ("stone.carat"): the page names its own ("carat").
      return made.ok || !made.details ? made : { ...made, details: made.details.map((d) => ({ ...d, path: fieldOf(d.path) })) };
    },
    get: async (id) => {
      const user = await r.user();
      if (!user) return "signed-out";
      return orNull(() => getReport(env, user.id, id, r.now()));
    },
    rescore: (id) => mine(async (userId) => ({ dealScore: await rescoreReport(env, userId, id, r.now()) })),
    requestReview: (id, productUrl) =>
      mine(async (userId) => {
        const parsed = v.safeParse(GemologistReviewRequest, { productUrl: productUrl.trim() || null });
        if (!parsed.success) {
          const problem = { path: "productUrl", message: "Enter the product page's web address (https://…), or leave it empty." };
          throw new DomainError(refuse("bad_request", problem.message, [problem]));
        }
        return { review: await requestGemologistReview(env, userId, id, parsed.output.productUrl ?? null, r.now()) };
      }),
    remove: (id) =>
      mine(async (userId) => {
        await removeReport(env, userId, id, r.now());
        return { removed: id };
      }),
    list: async () => {
      const user = await r.user();
      if (!user) return null;
      return (await listReports(env, user.id)).map(({ id, title, diamondId, createdAt, score, maxScore, dealScore }) => ({
        id,
        title,
        diamondId,
        createdAt,
        score,
        maxScore,
        dealScore,
      }));
    },
  };
}
