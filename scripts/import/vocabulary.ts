/**
 * Feed vocabularies → the catalogue's codes (shared/enums.ts). Retailer feeds spell grades many ways ("VS-1", "vs1",
 * "VG", "Very Good", "RB", "Round Brilliant", "Medium Blue", "EGL USA"); each function here normalises one value and
 * returns its code or the reason the row cannot be loaded. Pure functions, no I/O.
 *
 * Decisions (docs/decisions/006-feed-import.md):
 * - cut `Premium` (the ggplot2 / retailer grade directly below Ideal) → Excellent (1), as the price model's
 *   calibration maps it; `Fair` and `Poor` are below the catalogue's cut scale and are rejected.
 * - clarity I1-I3 (and SI3, P1-P3) are outside the catalogue's scale FL–SI2 and are rejected.
 * - colours beyond K are outside the catalogue's scale D–K and are rejected.
 * - the house grade "Loupe Ideal" (cut 4) is Loupe's own promotion and is never taken from a feed.
 */
import { CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, FINISH_GRADES, FLUORESCENCES, SHAPES, byName } from "#shared/enums.ts";

/** A mapped value: its code, or why it cannot be loaded. */
export type Mapped = { ok: true; code: number } | { ok: false; reason: string };

const ok = (code: number): Mapped => ({ ok: true, code });
const fail = (reason: string): Mapped => ({ ok: false, reason });

/** Lowercase letters and digits only: "VS-1" → "vs1", "Very Good" → "verygood", "Round Brilliant" → "roundbrilliant". */
export function squash(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

function codeOf(list: Parameters<typeof byName>[0], name: string): number {
  const e = byName(list, name);
  if (!e) throw new Error(`enumeration has no ${name}`); // a typo in the tables below, not bad input
  return e.code;
}

function table(list: Parameters<typeof byName>[0], spellings: Record<string, readonly string[]>): Map<string, number> {
  const map = new Map<string, number>();
  for (const [label, words] of Object.entries(spellings)) {
    const code = codeOf(list, label);
    for (const w of [label, ...words]) map.set(squash(w), code);
  }
  return map;
}

/** Quotes a feed value for a reason, shortened so one absurd cell cannot bloat the rejects file. */
export function shown(value: string): string {
  const v = value.trim();
  return `'${v.length > 40 ? `${v.slice(0, 37)}...` : v}'`;
}

// ---------------------------------------------------------------------------------------------------------------
// Colour D-K

const COLOR_SCALE = `${COLORS[0]!.label}–${COLORS[COLORS.length - 1]!.label}`;

/** Colour grade D-K ("d", " G ", "G colour"). L-Z are outside the scale; anything else is unknown. */
export function mapColor(value: string): Mapped {
  const s = squash(value)
    .replace(/^(colou?r)/, "")
    .replace(/(colou?r)$/, "");
  if (s.length === 1) {
    const e = byName(COLORS, s);
    if (e) return ok(e.code);
    if (s >= "l" && s <= "z") return fail(`colour ${s.toUpperCase()} is outside the catalogue's colour scale (${COLOR_SCALE})`);
  }
  return fail(`unknown colour (got ${shown(value)})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Clarity FL-SI2

const CLARITY_SCALE = `${CLARITIES[0]!.label}–${CLARITIES[CLARITIES.length - 1]!.label}`;
const CLARITY_WORDS = table(CLARITIES, {
  FL: ["flawless"],
  IF: ["internally flawless", "internallyflawless"],
  VVS1: [],
  VVS2: [],
  VS1: [],
  VS2: [],
  SI1: [],
  SI2: [],
});
/** Grades other scales use below SI2 (GIA I1-I3, EGL SI3, the European P1-P3 / "pique"). */
const BELOW_CLARITY = new Map<string, string>([
  ["i1", "I1"],
  ["i2", "I2"],
  ["i3", "I3"],
  ["si3", "SI3"],
  ["p1", "P1"],
  ["p2", "P2"],
  ["p3", "P3"],
  ["included1", "I1"],
  ["included2", "I2"],
  ["included3", "I3"],
]);

/** Clarity FL-SI2 ("VS-1", "vs1", "VS 1", "Flawless"); I1-I3, SI3 and P1-P3 are outside the scale. */
export function mapClarity(value: string): Mapped {
  const s = squash(value);
  const code = CLARITY_WORDS.get(s);
  if (code !== undefined) return ok(code);
  const below = BELOW_CLARITY.get(s);
  if (below) return fail(`clarity ${below} is outside the catalogue's clarity scale (${CLARITY_SCALE})`);
  return fail(`unknown clarity (got ${shown(value)})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Cut 0-3

const CUT_SCALE = CUTS.filter((c) => c.code <= 3)
  .map((c) => c.label)
  .join(", ");
const CUT_WORDS = table(CUTS, {
  Ideal: ["id", "idl"],
  // Premium is the grade directly below Ideal in the ggplot2 / retailer vocabulary; the price model's
  // calibration maps it onto Excellent too (docs/decisions/002 and 006).
  Excellent: ["ex", "exc", "excl", "premium", "prem"],
  "Very Good": ["vg", "vgood", "v good", "verygood"],
  Good: ["g", "gd"],
});
const BELOW_CUT = new Map<string, string>([
  ["fair", "Fair"],
  ["f", "Fair"],
  ["fr", "Fair"],
  ["poor", "Poor"],
  ["p", "Poor"],
  ["pr", "Poor"],
]);

/** Cut grade: Ideal, Excellent (also Premium), Very Good, Good; Fair and Poor are below the scale. */
export function mapCut(value: string): Mapped {
  const s = squash(value);
  const code = CUT_WORDS.get(s);
  if (code !== undefined && code <= 3) return ok(code);
  const below = BELOW_CUT.get(s);
  if (below) return fail(`cut ${below} is below the catalogue's cut scale (${CUT_SCALE})`);
  return fail(`unknown cut (got ${shown(value)})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Polish and symmetry 1-3

const FINISH_SCALE = FINISH_GRADES.map((g) => g.label).join(", ");
const FINISH_WORDS = table(FINISH_GRADES, {
  // AGS grades polish and symmetry "Ideal", its top grade: our Excellent.
  Excellent: ["ex", "exc", "excl", "ideal", "id"],
  "Very Good": ["vg", "vgood", "verygood"],
  Good: ["g", "gd"],
});

/** Polish or symmetry grade (`what` names it in reasons): Excellent/EX (AGS Ideal), Very Good/VG, Good/G. */
export function mapFinish(value: string, what: "polish" | "symmetry"): Mapped {
  const s = squash(value);
  const code = FINISH_WORDS.get(s);
  if (code !== undefined) return ok(code);
  const below = BELOW_CUT.get(s);
  if (below) return fail(`${what} ${below} is below the catalogue's ${what} scale (${FINISH_SCALE})`);
  return fail(`unknown ${what} (got ${shown(value)})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Fluorescence 0-4

const FLUORESCENCE_WORDS = table(FLUORESCENCES, {
  None: ["n", "no", "non", "nil", "neg", "negligible", "inert", "0"],
  Faint: ["f", "fnt", "ft", "fa", "slight", "sl", "sli", "very slight", "vsl", "vslt"],
  Medium: ["m", "med", "md", "moderate"],
  Strong: ["s", "st", "stg", "str", "strg"],
  "Very Strong": ["vs", "vst", "vstg", "vstr", "verystrong", "very str"],
});

/**
 * Fluorescence intensity: None/N/NON, Faint/F/FNT (also "slight"), Medium/M/MED, Strong/S/STG, Very Strong/VS/VSTG.
 * A colour after the intensity ("Medium Blue", "STG BL") is ignored: the catalogue records intensity only.
 */
export function mapFluorescence(value: string): Mapped {
  const words = value
    .toLowerCase()
    .replace(/\b(blue|bl|yellow|yel|yl|white|wh|green|gr|orange|or)\b/g, " ")
    .trim();
  const code = FLUORESCENCE_WORDS.get(squash(words));
  if (code !== undefined) return ok(code);
  return fail(`unknown fluorescence (got ${shown(value)})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Certificate labs

const LAB_WORDS = table(CERTIFICATE_LABS, {
  GIA: ["gemological institute of america"],
  AGS: ["agsl", "american gem society"],
  IGI: ["international gemological institute"],
  EGL: ["egl usa", "egl international", "egl intl", "european gemological laboratory"],
  HRD: ["hrd antwerp"],
  GCAL: ["gcal usa", "gem certification and assurance lab"],
});

/** Certificate lab: GIA, AGS (AGSL), IGI, EGL (EGL USA, EGL International), HRD (HRD Antwerp), GCAL. */
export function mapLab(value: string): Mapped {
  const code = LAB_WORDS.get(squash(value));
  if (code !== undefined) return ok(code);
  return fail(`unknown certificate lab (got ${shown(value)}; expected GIA, AGS, IGI, EGL, HRD or GCAL)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes 1-10

const SHAPE_WORDS = table(SHAPES, {
  Round: ["rd", "rb", "br", "rbc", "rnd", "round brilliant", "brilliant", "round brilliant cut"],
  Princess: ["pr", "prn", "pc", "prin", "princess cut", "square modified brilliant"],
  Marquise: ["mq", "mqs", "mar", "marq", "marquise brilliant"],
  Emerald: ["em", "emr", "ec", "eme", "emerald cut"],
  Pear: ["ps", "pe", "pb", "pear shape", "pear brilliant", "pear modified brilliant"],
  Oval: ["ov", "ovl", "ob", "oval brilliant", "oval modified brilliant"],
  Heart: ["hs", "ht", "he", "hb", "hrt", "heart shape", "heart brilliant", "heart modified brilliant"],
  Radiant: ["ra", "rad", "rt", "radiant cut", "cut cornered rectangular modified brilliant"],
  // GIA reports an Asscher as a "Square Emerald" (step cut with cut corners).
  Asscher: ["as", "asc", "ash", "sq", "sqe", "square emerald", "asscher cut"],
  Cushion: ["cu", "cus", "cb", "cush", "cushion brilliant", "cushion modified", "cushion modified brilliant"],
});

/** Shape by name or common abbreviation (RD/RB/BR round, PR princess, MQ marquise, EM emerald, PS pear, …). */
export function mapShape(value: string): Mapped {
  const code = SHAPE_WORDS.get(squash(value));
  if (code !== undefined) return ok(code);
  return fail(`unknown shape (got ${shown(value)})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Origin (lab-grown flag)

const LAB_GROWN_WORDS = new Set([
  "1",
  "true",
  "t",
  "yes",
  "y",
  "lab",
  "labgrown",
  "labcreated",
  "labdiamond",
  "lg",
  "lgd",
  "created",
  "synthetic",
  "cvd",
  "hpht",
  "manmade",
]);
const NATURAL_WORDS = new Set(["0", "false", "f", "no", "n", "natural", "nat", "mined", "earthmined", "earth", "nd"]);

/** Lab-grown flag: 1 for lab-grown (true/yes/lab/lab-grown/lab created/CVD/HPHT), 0 for natural (false/no/natural/mined). */
export function mapLabGrown(value: string): Mapped {
  const s = squash(value);
  if (LAB_GROWN_WORDS.has(s)) return ok(1);
  if (NATURAL_WORDS.has(s)) return ok(0);
  return fail(`unknown lab-grown flag (got ${shown(value)}; expected natural/lab, yes/no or 1/0)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Lab-grown stones: growth method and post-growth treatment (optional columns, migration 0022)

/** How a lab-grown stone was grown, as the `diamonds.growth_method` column stores it. */
export type GrowthMethod = "CVD" | "HPHT";

const GROWTH_WORDS = new Map<string, GrowthMethod>([
  ...["cvd", "chemicalvapordeposition", "chemicalvapourdeposition", "mpcvd", "plasmacvd", "cvdgrown", "cvdlabgrown"].map((w) => [w, "CVD"] as const),
  ...["hpht", "highpressurehightemperature", "hphtgrown", "hphtlabgrown"].map((w) => [w, "HPHT"] as const),
]);

/** Growth method, case-insensitively: CVD ("chemical vapour deposition", "MPCVD") or HPHT ("high pressure high temperature"). */
export function mapGrowthMethod(value: string): { ok: true; method: GrowthMethod } | { ok: false; reason: string } {
  const method = GROWTH_WORDS.get(squash(value));
  if (method) return { ok: true, method };
  return { ok: false, reason: `unknown growth method (got ${shown(value)}; expected CVD or HPHT)` };
}

/** The growth method a lab-grown flag names ("CVD", "HPHT" in an origin column), or null. */
export function growthMethodOfOrigin(value: string): GrowthMethod | null {
  return GROWTH_WORDS.get(squash(value)) ?? null;
}

/** Post-growth treatment: 1 treated (yes/true/1/treated), 0 as grown (no/false/0/as grown/untreated/none). */
export function mapTreated(value: string): Mapped {
  const s = squash(value);
  if (["1", "yes", "y", "true", "t", "treated", "posttreated", "postgrowthtreated", "posttreatment", "hphttreated"].includes(s)) return ok(1);
  if (["0", "no", "n", "false", "f", "asgrown", "untreated", "nottreated", "none", "notreatment"].includes(s)) return ok(0);
  return fail(`unknown treatment flag (got ${shown(value)}; expected yes/no, true/false, 1/0, as grown or treated)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Eye cleanliness (optional column)

/** Eye cleanliness: yes/eye clean → 1, semi → 2, no/not eye clean → 3, unknown → 999 (shared/enums.ts). */
export function mapEyeClean(value: string): Mapped {
  const s = squash(value);
  if (["1", "yes", "y", "true", "eyeclean", "ec", "clean"].includes(s)) return ok(1);
  if (["semi", "semieyeclean", "semiclean", "sec", "2"].includes(s)) return ok(2);
  if (["no", "n", "false", "noteyeclean", "nec", "3"].includes(s)) return ok(3);
  if (["unknown", "na", "999", "u"].includes(s)) return ok(999);
  return fail(`unknown eye cleanliness (got ${shown(value)})`);
}
