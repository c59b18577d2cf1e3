/**
 * A fake ReportsService (client/reports-context.ts) for rendering the report pages on the server without D1:
 * report 7 is the signed-in customer's, every other id is someone else's (not found); the calls are recorded.
 */
import type { ReportFormValues, ReportListEntry, ReportsService, ReportWay } from "#client/reports-context.ts";
import { type Refusal, refuse } from "#shared/refusal.ts";
import type { DealScore, GemologistReview, Report } from "#shared/reports/schemas.ts";
import { ADA, fakeAccount, pageContext, renderIn } from "../accounts/fake-account";
import { diamond, NOW } from "../my-stuff/pages-fake";
import { reportsContext } from "#client/reports-context.ts";

export { attr, mainOf } from "../accounts/fake-account";
export { NOW, textOf } from "../my-stuff/pages-fake";

export const deal = (over: Partial<DealScore> = {}): DealScore => ({
  score: 8.8,
  maxScore: 10,
  percentile: 88,
  medianPrice: 568_000,
  differencePct: -12,
  comparableCount: 214,
  price: 500_000,
  explanation: "12% below the median of 214 comparable stones",
  computedAt: NOW,
  comparables: [
    { diamond: diamond(41, { price: 520_000 }), adjustedPrice: 515_000 },
    {
      diamond: diamond(42, { price: 610_000, retailer: { id: 2, name: "Brilliant Row", slugurl: "brilliant-row", logoUrl: "", smallLogoUrl: "" } }),
      adjustedPrice: 600_000,
    },
  ],
  searchUrl: "/diamond-search/s?shape=round&caratMin=0.96&caratMax=1.06",
  ...over,
});

export const review = (over: Partial<GemologistReview> = {}): GemologistReview => ({
  id: 3,
  status: "pending",
  productUrl: null,
  requestedAt: NOW,
  answeredAt: null,
  verdict: null,
  answer: null,
  gemologist: null,
  ...over,
});

export function report(over: Partial<Report> = {}): Report {
  return {
    id: 7,
    title: "1.01 ct G VS1 Excellent Round",
    createdAt: NOW,
    diamondId: 40,
    certificateId: "GIA40",
    productUrl: null,
    price: 500_000,
    stone: {
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
    },
    retailer: { id: 1, name: "Gem Co", slugurl: "gem-co" },
    available: true,
    score: 8.5,
    maxScore: 10,
    sections: [
      {
        name: "price",
        title: "Price",
        score: 8.8,
        maxScore: 10,
        checklist: [{ verdict: "good", text: "12% below the median", why: "Against 214 comparable stones listed now." }],
      },
      {
        name: "eyeClean",
        title: "Eye clean",
        score: 4,
        maxScore: 5,
        checklist: [{ verdict: "fair", text: "Likely eye clean", why: "VS1 at 1 ct rarely shows inclusions." }],
      },
    ],
    dealScore: deal(),
    hasGemologistReview: false,
    gemologistReviews: [],
    ...over,
  };
}

type Method = keyof ReportsService;

interface FakeOptions {
  signedIn?: boolean;
  report?: Report;
  list?: ReportListEntry[];
  /** What `create` refuses with (otherwise it makes report 7). */
  refuseCreate?: Refusal;
  /** What `requestReview` refuses with. */
  refuseReview?: Refusal;
}

/** The fake service, and the arguments each method was called with. */
export function fakeReports(options: FakeOptions = {}) {
  const signedIn = options.signedIn ?? true;
  const mine = options.report ?? report();
  const calls: { method: Method; args: unknown[] }[] = [];
  const log = (method: Method, ...args: unknown[]) => calls.push({ method, args });
  const own = (id: number) => signedIn && id === mine.id;
  const service: ReportsService = {
    signedIn: async () => signedIn,
    certificateOf: async (id) => {
      log("certificateOf", id);
      return id === 40 ? "GIA40" : null;
    },
    reportOnDiamond: async (id) => {
      log("reportOnDiamond", id);
      return signedIn && id === mine.diamondId ? { id: mine.id, title: mine.title } : null;
    },
    create: async (way: ReportWay, values: ReportFormValues) => {
      log("create", way, values);
      if (!signedIn) return refuse("unauthorized", "Sign in to keep diamond reports.");
      return options.refuseCreate ?? { ok: true, report: mine };
    },
    get: async (id) => {
      log("get", id);
      return signedIn ? (own(id) ? mine : null) : "signed-out";
    },
    rescore: async (id) => {
      log("rescore", id);
      return own(id) ? { ok: true, dealScore: deal() } : refuse("not_found", "No such report");
    },
    requestReview: async (id, productUrl) => {
      log("requestReview", id, productUrl);
      if (!own(id)) return refuse("not_found", "No such report");
      return options.refuseReview ?? { ok: true, review: review({ productUrl: productUrl || null }) };
    },
    remove: async (id) => {
      log("remove", id);
      return own(id) ? { ok: true, removed: id } : refuse("not_found", "No such report");
    },
    list: async () => {
      log("list");
      return signedIn ? (options.list ?? []) : null;
    },
  };
  return { service, argsOf: (method: Method) => calls.filter((c) => c.method === method).map((c) => c.args) };
}

/** Renders `path` (a GET, or a POST of `form`) with this reports service, signed in as Ada or not. */
export function render(service: ReportsService, path: string, options: { signedIn?: boolean; form?: Record<string, string> } = {}): Promise<Response> {
  const context = pageContext(fakeAccount({ user: options.signedIn === false ? null : ADA }).service);
  context.set(reportsContext, service);
  return renderIn(context, path, options.form);
}
