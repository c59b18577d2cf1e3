/**
 * The search wizard (issue 21 point 6; §7 SearchWizard calls; docs/decisions/030-search-wizard-and-quiz.md):
 * the budget's split (a ring reserves a typical setting price of its style), the grade/carat trade-offs it
 * buys, recommendations from the search index saved as a wizard search, the shopper's notes, and the
 * recommendations emailed through the outbox (10 per address per 15 minutes, exact under concurrency).
 * Plain values in and out; refusals are thrown as domain errors.
 */
import { refused } from "#shared/refusal.ts";
import { COUNT_CARAT_SHARE, QUALITY_BANDS, moreLikeThese, qualityOption, shapeName, splitBudget, styleWords } from "#shared/search-wizard/budget.ts";
import { recommend, type WizardLimits } from "#shared/search-wizard/recommend.ts";
import {
  MAX_RECOMMENDATION_EMAILS,
  RECOMMENDATION_EMAIL_WINDOW_MS,
  type AddWizardNotesRequest,
  type GetRecommendationsRequest,
  type Qualities,
  type QualitiesRequest,
  type QuizRequest,
  type SavedWizardRequest,
  type WizardBudget,
  type WizardSearch,
  type WizardSearchRequest,
} from "#shared/search-wizard/schemas.ts";
import { caratText, dealWords, gradeText } from "#shared/search-wizard/words.ts";
import { formatUsd } from "#shared/money.ts";
import { type EmailBindings, queueEmail, queuedOrRefused } from "../email/outbox";
import { type IpLimit, reserveForIp } from "../lib/ip-limit";
import { dealScoreOf } from "../search/deal-service";
import type { SearchBindings } from "../search/service";
import { type CandidateQuery, candidatesFor, largestOfGrades } from "./candidates";
import { insertSearch, newSearchId, readSearch, saveNotes, typicalSettingPrice, updateSearch } from "./store";

export type WizardBindings = SearchBindings & EmailBindings;

/** What every wizard call runs with: the bindings, the clock, the signed-in customer (or null), this site's origin. */
export interface WizardDeps {
  env: WizardBindings;
  now: number;
  userId: number | null;
  origin: string;
  /** The client's address (CF-Connecting-IP): the recommendation emails count against it (worker/email/gate.ts). */
  ip: string;
  waitUntil: (p: Promise<unknown>) => void;
}

const EMAILS: IpLimit = {
  table: "wizard_email_requests",
  column: "email",
  max: MAX_RECOMMENDATION_EMAILS,
  windowMs: RECOMMENDATION_EMAIL_WINDOW_MS,
  message: "We have sent these recommendations to this address often enough for now. Please try again later.",
  pruneOnReserve: true,
};

/** The budget's split for a request: a ring reserves the typical price of its style (of any ring when none is listed). */
export async function budgetOf(db: D1Database, req: Pick<QualitiesRequest, "price" | "requestType" | "ringStyle">): Promise<WizardBudget> {
  const total = Math.round(req.price * 100);
  const setting = req.requestType === "ring" ? ((await typicalSettingPrice(db, req.ringStyle)) ?? (await typicalSettingPrice(db, 0))) : null;
  const split = splitBudget(total, req.requestType, setting);
  if (split) return split;
  const style = setting!.style ? styleWords(setting!.style).toLowerCase() : "ring";
  const message = `A ${style} setting typically costs ${formatUsd(setting!.price)}, which leaves too little for a stone: raise the budget, or choose a loose diamond.`;
  return refused("bad_request", message, [{ path: "price", message }]);
}

const NO_LIMITS: WizardLimits = { colorMax: null, clarityMax: null, caratMax: null };

const queryOf = (req: { shape: number | null; IsLabGrown: boolean | null }, budget: WizardBudget, limits = NO_LIMITS): CandidateQuery => ({
  shape: req.shape,
  isLabGrown: req.IsLabGrown,
  budgetCents: budget.diamond,
  limits,
});

/** SearchWizard/qualities: the Biggest, Balanced and Finest trade-offs the stone's budget buys. */
export async function qualities(env: SearchBindings, req: QualitiesRequest, now: number): Promise<Qualities> {
  const budget = await budgetOf(env.DB, req);
  const q = queryOf(req, budget);
  const found = await Promise.all(QUALITY_BANDS.map((band) => largestOfGrades(env, q, band, COUNT_CARAT_SHARE, now)));
  return { budget, options: QUALITY_BANDS.map((band, i) => qualityOption(band, found[i]!.carat, found[i]!.count)) };
}

/** A search or quiz request with its defaults, as saved. */
export function savedRequest(req: WizardSearchRequest | QuizRequest): SavedWizardRequest {
  return {
    price: req.price,
    shape: req.shape,
    IsLabGrown: req.IsLabGrown,
    requestType: req.requestType,
    ringStyle: req.requestType === "ring" ? req.ringStyle : 0,
    CaratMax: "CaratMax" in req ? req.CaratMax : null,
    ColorMax: "ColorMax" in req ? req.ColorMax : null,
    ClarityMax: "ClarityMax" in req ? req.ClarityMax : null,
    resultCount: req.resultCount,
    priority: req.priority,
  };
}

/** The budget, the recommendations and the more-like-these search for a request, now. */
async function answerFor(env: SearchBindings, req: SavedWizardRequest, now: number) {
  const budget = await budgetOf(env.DB, req);
  const limits = { colorMax: req.ColorMax, clarityMax: req.ClarityMax, caratMax: req.CaratMax };
  const candidates = await candidatesFor(env, queryOf(req, budget, limits), now);
  const recommendations = recommend(candidates, {
    budgetCents: budget.diamond,
    limits,
    priority: req.priority,
    resultCount: req.resultCount,
    shapeName: shapeName(req.shape),
    isLabGrown: req.IsLabGrown,
  });
  // Each pick's price against comparable stones (the deal score; one comparable card, the least it takes), said in its reason.
  const withDeals = await Promise.all(
    recommendations.map(async (r) => {
      const d = r.diamond;
      const stone = { id: d.id, isLabGrown: d.isLabGrown, shape: d.shape, carat: d.carat, color: d.color, clarity: d.clarity, cut: d.cut };
      const deal = await dealScoreOf(env, { ...stone, fluorescence: d.fluorescence, priceCents: d.price }, now, 1);
      return { ...r, reason: r.reason + dealWords(deal) };
    }),
  );
  const stones = recommendations.map((r) => r.diamond);
  return { budget, recommendations: withDeals, moreLikeThese: moreLikeThese(req, budget.diamond, stones) };
}

/** SearchWizard/search and searchWizard/send-quiz-without-email: recommends, saves as a new wizard search, answers it. */
export async function createSearch(d: WizardDeps, source: "search" | "quiz", input: WizardSearchRequest | QuizRequest): Promise<WizardSearch> {
  const request = savedRequest(input);
  const answer = await answerFor(d.env, request, d.now);
  return insertSearch(d.env.DB, { id: newSearchId(), userId: d.userId, source, request, answer, now: d.now });
}

/** SearchWizard/get-search/{searchId}: the saved search, or 404. */
export async function getSearch(db: D1Database, searchId: string): Promise<WizardSearch> {
  return (await readSearch(db, searchId)) ?? refused("not_found", "No wizard search with this searchId");
}

/** searchWizard/add-notes: keeps the email and comments on the search for a gemologist's follow-up (404 unknown). */
export async function addNotes(db: D1Database, req: AddWizardNotesRequest, now: number): Promise<void> {
  if (!(await saveNotes(db, req.searchId, { email: req.email, comments: req.comments, emailed: false }, now))) {
    refused("not_found", "No wizard search with this searchId");
  }
}

/** "a ring with a Halo setting, $6,000 in all" / "a loose diamond up to $6,000". */
function budgetText(budget: WizardBudget): string {
  return budget.setting
    ? `a ring with a ${budget.setting.styleLabel.toLowerCase()} setting, ${formatUsd(budget.total)} in all`
    : `a loose diamond up to ${formatUsd(budget.total)}`;
}

/**
 * SearchWizard/get-recommendations: emails the search's recommendations (recomputed and saved first when
 * `initial` is false) and keeps the email and comments on it. 404 for an unknown search (before the limit
 * counts), 429 past MAX_RECOMMENDATION_EMAILS to the address in the window, and 429 when the email gate
 * (worker/email/gate.ts) refuses it: the hourly limits per recipient, per client address and in total.
 */
export async function emailRecommendations(d: WizardDeps, req: GetRecommendationsRequest): Promise<void> {
  let search = await getSearch(d.env.DB, req.searchId);
  await reserveForIp(d.env.DB, EMAILS, req.email.toLowerCase(), d.now);
  if (!req.initial) {
    const request: SavedWizardRequest = {
      ...search.request,
      price: req.price ?? search.request.price,
      requestType: req.requestType ?? search.request.requestType,
      ringStyle: req.ringStyle ?? search.request.ringStyle,
    };
    const answer = await answerFor(d.env, request, d.now);
    await updateSearch(d.env.DB, search.searchId, request, answer);
    search = { ...search, request, ...answer };
  }
  await saveNotes(d.env.DB, search.searchId, { email: req.email, comments: req.comments, emailed: true }, d.now);
  const link = (path: string) => new URL(path, d.origin).href;
  const queued = await queueEmail(
    d.env,
    {
      clientIp: d.ip,
      message: {
        to: req.email,
        template: "wizard-recommendations",
        data: {
          budgetText: budgetText(search.budget),
          stones: search.recommendations.map((r) => ({
            title: r.title,
            label: `${caratText(r.diamond.carat)} ${gradeText(r.diamond)}`,
            priceCents: r.diamond.price,
            reason: r.reason,
            link: link(`/diamond/${r.diamond.id}/${r.diamond.slug}`),
          })),
          searchLink: link(`/quiz/results?searchId=${search.searchId}`),
          moreLink: link(search.moreLikeThese),
        },
      },
    },
    d.waitUntil,
    d.now,
  );
  queuedOrRefused(queued);
}
