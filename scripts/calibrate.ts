/**
 * Calibrates the demo catalogue's price model against the ggplot2 `diamonds` data set.
 *
 *   npx tsx scripts/calibrate.ts [path/to/diamonds-ggplot2.csv]
 *
 * Fits, by ordinary least squares,
 *
 *   log(price / carat) = b0 + b1·log(carat) + b2·log(carat)² + colour[c] + clarity[q] + cut[k]
 *
 * with treatment dummies (reference levels J, SI2 and Fair; clarity I1 rows are left out of the fit because the
 * catalogue has no I1 grade), maps the grades onto the catalogue's enumerations (shared/enums.ts) and writes
 * shared/catalogue/price-model.json. See docs/decisions/002-demo-inventory-and-price-model.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_CSV = resolve(ROOT, "../shared/data/diamonds-ggplot2.csv");
const OUTPUT = resolve(ROOT, "shared/catalogue/price-model.json");

const COLOURS = ["D", "E", "F", "G", "H", "I", "J"] as const;
const CLARITIES = ["SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"] as const;
const CUTS = ["Fair", "Good", "Very Good", "Premium", "Ideal"] as const;
const REFERENCE = { colour: "J", clarity: "SI2", cut: "Fair" } as const;

interface Row {
  carat: number;
  cut: string;
  color: string;
  clarity: string;
  price: number;
}

/** Parses the ggplot2 CSV (header row, quoted strings, no embedded commas). */
function readCsv(path: string): Row[] {
  const lines = readFileSync(path, "utf8")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  const header = lines[0]!.split(",").map((h) => h.replace(/"/g, "").trim());
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${path}: no column "${name}"`);
    return i;
  };
  const [iCarat, iCut, iColor, iClarity, iPrice] = ["carat", "cut", "color", "clarity", "price"].map(col) as [number, number, number, number, number];
  return lines.slice(1).map((line, n) => {
    const f = line.split(",").map((v) => v.replace(/"/g, "").trim());
    const row: Row = {
      carat: Number(f[iCarat]),
      cut: f[iCut]!,
      color: f[iColor]!,
      clarity: f[iClarity]!,
      price: Number(f[iPrice]),
    };
    if (!(row.carat > 0) || !(row.price > 0)) throw new Error(`${path}:${n + 2}: bad carat or price`);
    return row;
  });
}

/** Design-matrix column names, in order. */
const TERMS: string[] = [
  "intercept",
  "logCarat",
  "logCarat2",
  ...COLOURS.filter((c) => c !== REFERENCE.colour).map((c) => `colour:${c}`),
  ...CLARITIES.filter((c) => c !== REFERENCE.clarity).map((c) => `clarity:${c}`),
  ...CUTS.filter((c) => c !== REFERENCE.cut).map((c) => `cut:${c}`),
];

function features(r: Row): number[] {
  const lc = Math.log(r.carat);
  const x = new Array<number>(TERMS.length).fill(0);
  x[0] = 1;
  x[1] = lc;
  x[2] = lc * lc;
  for (const [key, value] of [
    ["colour", r.color],
    ["clarity", r.clarity],
    ["cut", r.cut],
  ] as const) {
    const j = TERMS.indexOf(`${key}:${value}`);
    if (j >= 0) x[j] = 1;
    else if (value !== REFERENCE[key]) throw new Error(`unknown ${key} "${value}"`);
  }
  return x;
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small, dense and symmetric positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) throw new Error("singular normal equations");
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]!;
    for (let r = col + 1; r < n; r++) {
      const row = m[r]!;
      const f = row[col]! / p[col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) row[c]! -= f * p[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r]!;
    let s = row[n]!;
    for (let c = r + 1; c < n; c++) s -= row[c]! * x[c]!;
    x[r] = s / row[r]!;
  }
  return x;
}

/** OLS coefficients from the normal equations XᵀX·β = Xᵀy. */
function ols(xs: number[][], ys: number[]): number[] {
  const k = TERMS.length;
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  xs.forEach((x, n) => {
    for (let i = 0; i < k; i++) {
      const xi = x[i]!;
      if (xi === 0) continue;
      xty[i]! += xi * ys[n]!;
      const row = xtx[i]!;
      for (let j = 0; j < k; j++) row[j]! += xi * x[j]!;
    }
  });
  return solve(xtx, xty);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const round = (v: number, digits = 6): number => Number(v.toFixed(digits));

function main(): void {
  const csvPath = resolve(process.argv[2] ?? DEFAULT_CSV);
  const all = readCsv(csvPath);
  const rows = all.filter((r) => r.clarity !== "I1");
  const xs = rows.map(features);
  const ys = rows.map((r) => Math.log(r.price / r.carat));
  const beta = ols(xs, ys);
  const coef = (term: string): number => {
    const j = TERMS.indexOf(term);
    return j < 0 ? 0 : beta[j]!; // reference level
  };

  // Fit statistics on the fit data (log scale R², median absolute % error of price per carat).
  const predicted = xs.map((x) => x.reduce((s, v, j) => s + v * beta[j]!, 0));
  const meanY = ys.reduce((s, v) => s + v, 0) / ys.length;
  const ssTot = ys.reduce((s, v) => s + (v - meanY) ** 2, 0);
  const ssRes = ys.reduce((s, v, n) => s + (v - predicted[n]!) ** 2, 0);
  const ape = ys.map((y, n) => Math.abs(Math.exp(predicted[n]!) / Math.exp(y) - 1));
  const large = rows.map((r, n) => (r.carat >= 1 ? n : -1)).filter((n) => n >= 0);
  const fit = {
    n: rows.length,
    excluded: { clarityI1: all.length - rows.length },
    r2LogPricePerCarat: round(1 - ssRes / ssTot, 4),
    residualSdLog: round(Math.sqrt(ssRes / (rows.length - TERMS.length)), 4),
    mdapePricePerCarat: round(median(ape), 4),
    nAtLeastOneCarat: large.length,
    mdapePricePerCaratAtLeastOneCarat: round(median(large.map((n) => ape[n]!)), 4),
    caratRange: [Math.min(...rows.map((r) => r.carat)), Math.max(...rows.map((r) => r.carat))],
  };

  // Map onto the catalogue's codes (shared/enums.ts). All values are natural-log offsets.
  const colourLog = COLOURS.map((c) => coef(`colour:${c}`));
  const jMinusI = coef("colour:J") - coef("colour:I");
  const color: Record<string, number> = {};
  colourLog.forEach((v, i) => (color[String(i + 1)] = round(v)));
  color["8"] = round(coef("colour:J") + jMinusI); // K: one more J−I step below J

  const ifLog = coef("clarity:IF");
  const flStep = Math.max(ifLog - coef("clarity:VVS1"), Math.log(1.05));
  const clarity: Record<string, number> = {
    "1": round(ifLog + flStep), // FL
    "2": round(ifLog),
    "3": round(coef("clarity:VVS1")),
    "4": round(coef("clarity:VVS2")),
    "5": round(coef("clarity:VS1")),
    "6": round(coef("clarity:VS2")),
    "7": round(coef("clarity:SI1")),
    "8": round(coef("clarity:SI2")),
  };

  const cut: Record<string, number> = {
    "0": round(coef("cut:Ideal")),
    "1": round(coef("cut:Premium")),
    "2": round(coef("cut:Very Good")),
    "3": round(coef("cut:Good")),
    "4": round(coef("cut:Ideal") + Math.log(1.03)),
  };

  const model = {
    description:
      "log(USD per carat, 2008, round) = intercept + logCarat·ln(carat) + logCarat2·ln(carat)² + color[code] + clarity[code] + cut[code]; generated by scripts/calibrate.ts",
    source: "ggplot2 diamonds (53,940 round diamonds, 2008 USD); clarity I1 excluded",
    reference: { color: "J (7)", clarity: "SI2 (8)", cut: "Fair (not in the catalogue)" },
    intercept: round(coef("intercept")),
    logCarat: round(coef("logCarat")),
    logCarat2: round(coef("logCarat2")),
    color,
    clarity,
    cut,
    mapping: {
      color: "1-7 = D-J; 8 (K) = J + (J − I)",
      clarity: "2-8 = IF..SI2; 1 (FL) = IF + max(IF − VVS1, ln 1.05)",
      cut: "0 Ideal = Ideal; 1 Excellent = Premium; 2 Very Good; 3 Good; 4 Loupe Ideal = Ideal × 1.03",
    },
    raw: Object.fromEntries(TERMS.map((t, j) => [t, round(beta[j]!)])),
    fit,
  };

  writeFileSync(OUTPUT, JSON.stringify(model, null, 2) + "\n");

  const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
  console.log(`read ${all.length} rows from ${csvPath}`);
  console.log(`fit n = ${fit.n} (excluded ${fit.excluded.clarityI1} I1 rows)`);
  console.log(`R² (log price per carat) = ${fit.r2LogPricePerCarat.toFixed(4)}, residual sd = ${fit.residualSdLog}`);
  console.log(`median abs % error of price per carat: ${pct(fit.mdapePricePerCarat)} overall`);
  console.log(`  rounds ≥ 1 ct (n = ${fit.nAtLeastOneCarat}): ${pct(fit.mdapePricePerCaratAtLeastOneCarat)}`);
  console.log("coefficients:", JSON.stringify(model.raw));
  console.log(`wrote ${OUTPUT}`);
}

main();
