/**
 * Why each wizard recommendation was picked, in Loupe's words (recommend.ts chooses the stones): what the
 * stone is, what it trades against the other picks ("18% more carat than the whitest pick"), and what the
 * shopper will notice of it.
 */
import { CLARITIES, COLORS, labelOf } from "../enums";
import { formatUsd } from "../money";
import type { Pick } from "./schemas";

interface Facts {
  carat: number;
  color: number;
  clarity: number;
  price: number;
}

/** What a reason may compare against: the budget and every stone picked. */
export interface PickContext {
  budgetCents: number;
  shapeName: string | null;
  isLabGrown: boolean | null;
  picks: readonly { pick: Pick; stone: Facts }[];
}

const TITLES: Record<Pick, string> = {
  size: "The biggest",
  color: "The whitest",
  clarity: "The cleanest",
  balanced: "The balanced choice",
  value: "The best value",
  more: "Also worth a look",
};

/** A pick's heading. */
export function titleOf(pick: Pick): string {
  return TITLES[pick];
}

/** "1.21 ct". */
export const caratText = (carat: number) => `${carat.toFixed(2)} ct`;
/** "G VS2". */
export const gradeText = (s: { color: number; clarity: number }) => `${labelOf(COLORS, s.color)} ${labelOf(CLARITIES, s.clarity)}`;

/** "lab-grown oval", "round", "lab-grown stone". */
function stoneWord(ctx: PickContext): string {
  const origin = ctx.isLabGrown === true ? "lab-grown " : ctx.isLabGrown === false ? "natural " : "";
  return `${origin}${ctx.shapeName ?? "stone"}`;
}

/** How much larger `a` is than `b`, in whole percent. */
const percentMore = (a: number, b: number) => Math.round((a / b - 1) * 100);

function other(ctx: PickContext, pick: Pick): Facts | null {
  return ctx.picks.find((p) => p.pick === pick)?.stone ?? null;
}

/** What the eye sees of a stone's grades, face up. */
function faceUp(s: Facts): string {
  if (s.color <= 3 && s.clarity <= 4) return "colourless and flawless to the eye, with inclusions hard to find even under a loupe";
  if (s.color <= 5 && s.clarity <= 7) return "colour and clarity you won't see face up";
  if (s.clarity <= 7) return "clean to the eye, with a little warmth a yellow-gold setting hides";
  return "the most size for the budget; look at its photographs for inclusions you may see";
}

function sizeReason(s: Facts, ctx: PickContext): string {
  const whitest = other(ctx, "color");
  const comparison =
    whitest && whitest.carat < s.carat && whitest.color < s.color
      ? `, and ${percentMore(s.carat, whitest.carat)}% more carat than the whitest pick (${labelOf(COLORS, whitest.color)}, ${caratText(whitest.carat)})`
      : "";
  return `The largest ${gradeText(s)} ${stoneWord(ctx)} under ${formatUsd(ctx.budgetCents)}: ${caratText(s.carat)} — ${faceUp(s)}${comparison}.`;
}

function colourReason(s: Facts, ctx: PickContext): string {
  const biggest = other(ctx, "size");
  const grades = biggest && biggest.color > s.color ? biggest.color - s.color : 0;
  const trade =
    biggest && grades > 0 && biggest.carat > s.carat
      ? ` It gives up ${percentMore(biggest.carat, s.carat)}% of the carat of the biggest pick for ${grades} colour ${grades === 1 ? "grade" : "grades"} more.`
      : "";
  const colourWords = s.color <= 3 ? "colourless: no warmth even beside platinum" : "near colourless: white face up in any setting";
  return `The whitest stone within the budget at this size: ${labelOf(COLORS, s.color)} colour, ${caratText(s.carat)} ${labelOf(CLARITIES, s.clarity)} — ${colourWords}.${trade}`;
}

function clarityReason(s: Facts, ctx: PickContext): string {
  const biggest = other(ctx, "size");
  const grades = biggest && biggest.clarity > s.clarity ? biggest.clarity - s.clarity : 0;
  const trade =
    biggest && grades > 0 && biggest.carat > s.carat
      ? ` It is ${percentMore(biggest.carat, s.carat)}% smaller than the biggest pick for ${grades} clarity ${grades === 1 ? "grade" : "grades"} more.`
      : "";
  const clarityWords = s.clarity <= 4 ? "inclusions a grader needs magnification to find" : "nothing you will see without a loupe";
  return `The cleanest stone within the budget at this size: ${labelOf(CLARITIES, s.clarity)} clarity, ${caratText(s.carat)} ${labelOf(COLORS, s.color)} — ${clarityWords}.${trade}`;
}

function balancedReason(s: Facts, ctx: PickContext): string {
  const biggest = other(ctx, "size");
  const trade = biggest && biggest.carat > s.carat ? ` ${percentMore(biggest.carat, s.carat)}% smaller than the biggest pick, with better grades.` : "";
  return `Size and grades in balance: ${caratText(s.carat)} ${gradeText(s)} at ${formatUsd(s.price)} — a grade or two above what the eye needs, without paying for grades no one sees.${trade}`;
}

function valueReason(s: Facts, ctx: PickContext): string {
  const others = ctx.picks.filter((p) => p.pick !== "value" && p.pick !== "more").map((p) => p.stone.price / p.stone.carat);
  const mean = others.length ? others.reduce((a, b) => a + b, 0) / others.length : 0;
  const own = s.price / s.carat;
  const below = mean > own ? ` — ${Math.round((1 - own / mean) * 100)}% less per carat than the other picks on average` : "";
  return `The most stone per dollar: ${caratText(s.carat)} ${gradeText(s)} at ${formatUsd(own)} per carat${below}.`;
}

/** The reason for a stone picked as `pick`. */
export function reasonFor(pick: Pick, s: Facts, ctx: PickContext): string {
  switch (pick) {
    case "size":
      return sizeReason(s, ctx);
    case "color":
      return colourReason(s, ctx);
    case "clarity":
      return clarityReason(s, ctx);
    case "balanced":
      return balancedReason(s, ctx);
    case "value":
      return valueReason(s, ctx);
    case "more":
      return `Also within your budget: ${caratText(s.carat)} ${gradeText(s)} at ${formatUsd(s.price)} — ${faceUp(s)}.`;
  }
}

/** What the deal score adds to a reason: "Priced 12% below the median of 214 comparable stones (deal score 7.8 of 10)." Empty without a score. */
export function dealWords(d: { score: number | null; maxScore: number; explanation: string }): string {
  if (d.score === null) return "";
  const said = d.explanation.charAt(0).toLowerCase() + d.explanation.slice(1);
  return ` Priced ${said} (deal score ${d.score.toFixed(1)} of ${d.maxScore}).`;
}
