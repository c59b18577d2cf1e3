/**
 * The quiz's steps (issue 21 point 7; §2 /quiz/{step?}): budget → shape → natural or lab-grown → ring style
 * (or a loose diamond) → what matters most → results. Every answer travels in the URL's query (a step's form
 * carries the earlier ones as hidden fields), so each step is a plain document form and works without
 * JavaScript. Pure: parsing, checking and the addresses of steps; no schema code reaches the browser.
 */
import { SHAPES, STYLE_BITS } from "#shared/enums.ts";
import { formatCount } from "#shared/money.ts";
import type { QuizAnswers } from "../quiz-context";

export const STEPS = ["budget", "shape", "origin", "style", "priority"] as const;
export type Step = (typeof STEPS)[number];

/** The raw answers from the query, by step (each step's field is named after it). */
export type Answers = Partial<Record<Step, string>>;

export const MIN_BUDGET = 300;
export const MAX_BUDGET = 1_000_000;

/** A choice of a step: its value in the URL and what the shopper reads. */
export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

export const SHAPE_CHOICES: readonly Choice[] = [...SHAPES.map((s) => ({ value: s.slug, label: s.label })), { value: "any", label: "Any shape" }];
export const ORIGIN_CHOICES: readonly Choice[] = [
  { value: "natural", label: "Natural", hint: "Mined; holds its rarity" },
  { value: "lab", label: "Lab-grown", hint: "The same diamond, grown above ground: more carat for the budget" },
  { value: "either", label: "Either", hint: "Show me both" },
];
export const STYLE_CHOICES: readonly Choice[] = [
  { value: "loose", label: "Just the diamond", hint: "A loose stone for the whole budget" },
  ...STYLE_BITS.map((s) => ({ value: s.slug, label: `${s.label} ring`, hint: "Part of the budget goes to the setting" })),
  { value: "any", label: "A ring, any style", hint: "Part of the budget goes to the setting" },
];
export const PRIORITY_CHOICES: readonly Choice[] = [
  { value: "size", label: "Size", hint: "The biggest stone that still looks white and clean" },
  { value: "color", label: "Colour", hint: "The whitest stone at a good size" },
  { value: "clarity", label: "Clarity", hint: "The cleanest stone at a good size" },
  { value: "balanced", label: "A balance of all three", hint: "Good grades without paying for what no one sees" },
];

/** Each step's heading (the page's h1), the question's wording and its choices (none for the budget). */
export const STEP_TEXT: Record<Step, { title: string; question: string; choices: readonly Choice[] }> = {
  budget: { title: "What is your budget?", question: "Your budget in US dollars", choices: [] },
  shape: { title: "Which shape do you like?", question: "Diamond shape", choices: SHAPE_CHOICES },
  origin: { title: "Natural or lab-grown?", question: "Origin", choices: ORIGIN_CHOICES },
  style: { title: "A ring or a loose diamond?", question: "What are you buying", choices: STYLE_CHOICES },
  priority: { title: "What matters most to you?", question: "What matters most", choices: PRIORITY_CHOICES },
};

const PROBLEM: Record<Exclude<Step, "budget">, string> = {
  shape: "Choose a shape, or any shape.",
  origin: "Choose natural, lab-grown or either.",
  style: "Choose a ring style, or just the diamond.",
  priority: "Choose what matters most.",
};

/** The step a path segment names (undefined: the first); null for anything else. */
export function stepOf(segment: string | undefined): Step | "results" | null {
  if (segment === undefined || segment === "") return "budget";
  if (segment === "results") return "results";
  return (STEPS as readonly string[]).includes(segment) && segment !== "budget" ? (segment as Step) : null;
}

/** The answers in a query (each trimmed, at most 40 characters; unknown parameters ignored). */
export function answersOf(params: URLSearchParams): Answers {
  const out: Answers = {};
  for (const step of STEPS) {
    const value = params.get(step)?.trim().slice(0, 40);
    if (value) out[step] = value;
  }
  return out;
}

/** The budget typed ("$6,000", "6000") as whole dollars, or null. */
export function budgetOf(raw: string | undefined): number | null {
  const clean = (raw ?? "").replace(/[$,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const n = Math.floor(Number(clean));
  return n >= MIN_BUDGET && n <= MAX_BUDGET ? n : null;
}

/** What is wrong with a step's answer, in words for beside the field; null when it is fine. */
export function problemOf(step: Step, answers: Answers): string | null {
  if (step === "budget") {
    return budgetOf(answers.budget) === null ? `Enter a budget between $${formatCount(MIN_BUDGET)} and $${formatCount(MAX_BUDGET)}.` : null;
  }
  const value = answers[step];
  return STEP_TEXT[step].choices.some((c) => c.value === value) ? null : PROBLEM[step];
}

/** The first step before `step` (or of all, for "results") whose answer is missing or wrong; null when none is. */
export function firstIncomplete(answers: Answers, step: Step | "results"): Step | null {
  const upTo = step === "results" ? STEPS.length : STEPS.indexOf(step);
  return STEPS.slice(0, upTo).find((s) => problemOf(s, answers) !== null) ?? null;
}

/** A step's path. */
export function stepPath(step: Step | "results"): string {
  return step === "budget" ? "/quiz" : `/quiz/${step}`;
}

/** A step's address carrying the answers (in step order). */
export function stepHref(step: Step, answers: Answers, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const s of STEPS) if (answers[s]) q.set(s, answers[s]!);
  for (const [k, val] of Object.entries(extra)) q.set(k, val);
  const query = q.toString();
  return query ? `${stepPath(step)}?${query}` : stepPath(step);
}

/** The step after `step`, or "results". */
export function nextStep(step: Step): Step | "results" {
  return STEPS[STEPS.indexOf(step) + 1] ?? "results";
}

/** The step before `step`, or null for the first. */
export function previousStep(step: Step | "results"): Step | null {
  return step === "results" ? STEPS[STEPS.length - 1]! : (STEPS[STEPS.indexOf(step) - 1] ?? null);
}

/** Complete answers as the wizard takes them (call after firstIncomplete(…, "results") is null). */
export function quizAnswers(a: Answers): QuizAnswers {
  const shape = SHAPES.find((s) => s.slug === a.shape);
  const style = STYLE_BITS.find((s) => s.slug === a.style);
  return {
    price: budgetOf(a.budget)!,
    shape: shape ? shape.code : null,
    IsLabGrown: a.origin === "lab" ? true : a.origin === "natural" ? false : null,
    requestType: a.style === "loose" ? "diamond" : "ring",
    ringStyle: style ? style.code : 0,
    priority: a.priority as QuizAnswers["priority"],
  };
}
