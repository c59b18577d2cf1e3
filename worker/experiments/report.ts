/**
 * The marketer view's report (`/experiments`, `GET /api/experiments/report`): every experiment in force
 * with its §4 state, the rules that narrow it, the requesting visitor's variant, ready exc/exv links and,
 * per variant, the visitors exposed and their add-to-cart and checkout events (D1).
 */
import { isInactive, isScaled, targets, type Assignment } from "#shared/experiments/bucketing.ts";
import type { Experiment, ExperimentCategory } from "#shared/experiments/definitions.ts";
import type { ExperimentReport } from "#shared/experiments/schemas.ts";
import { experimentCounts, listOverrides } from "./store";

/** Where an experiment shows, for its exc/exv links (the forced cookie then follows the visitor anywhere). */
const PREVIEW_PATH: Record<ExperimentCategory, string> = {
  search: "/diamond-search",
  product: "/diamond-search",
  cart: "/cart",
  checkout: "/checkout",
  promotions: "/diamond-search",
  site: "/",
  home: "/",
};

function state(e: Experiment, now: number): ExperimentReport["experiments"][number]["state"] {
  if (isInactive(e)) return "inactive";
  if (isScaled(e)) return "scaled";
  if (e.startsAt !== null && Date.parse(e.startsAt) > now) return "not-started";
  return "running";
}

function rules(e: Experiment): string[] {
  const out: string[] = [];
  if (e.platform !== "all") out.push(`${e.platform} only`);
  if (e.newUsersOnly) out.push(e.enableForAlreadyGeneratedCookies ? "new visitors (and anyone with its cookie)" : "new visitors only");
  if (e.variantMethod === "location-us") out.push("test variant in the US");
  if (e.variantMethod === "state-ca") out.push("test variant in California");
  if (e.variant !== null) out.push(`fixed variant ${e.variant}`);
  if (e.stopNewCookies) out.push("no new cookies");
  if (e.success) out.push("test variant won");
  if (e.startsAt !== null) out.push(`starts ${e.startsAt}`);
  if (e.clientOnly) out.push("browser only");
  return out;
}

/**
 * The report for the visitor whose `assignments` these are; `origin` starts the exc/exv links.
 */
export async function experimentReport(
  db: D1Database,
  assignments: ReadonlyMap<Experiment, Assignment>,
  origin: string,
  now = Date.now(),
): Promise<ExperimentReport> {
  const [counts, overrides] = await Promise.all([experimentCounts(db), listOverrides(db)]);
  const zero = { visitors: 0, addToCart: 0, checkout: 0 };
  return {
    experiments: [...assignments].map(([e, a]) => {
      const link = (variant: 0 | 1) => `${origin}${PREVIEW_PATH[e.category]}?exc=${encodeURIComponent(e.cookie)}&exv=${variant}`;
      return {
        id: e.id,
        name: e.name,
        cookie: e.cookie,
        category: e.category,
        labels: [e.labelControl, e.labelTest],
        state: state(e, now),
        rules: rules(e),
        overridden: overrides.has(e.name),
        yourVariant: a.variant,
        yourSource: a.source,
        targetsYou: targets(e, a),
        links: [link(0), link(1)],
        counts: counts.get(e.name) ?? [zero, zero],
      };
    }),
  };
}
