/**
 * SVG illustrations for the demo catalogue: diamond shapes (top view) and metal colours here, retailer
 * wordmarks in retailer-images.ts and settings in setting-images.ts, on the drawing helpers below.
 * Pure TypeScript returning SVG text; every piece of text placed in the markup is XML-escaped.
 */
import { SHAPES } from "../enums";

/** A 2-D point. */
export type Pt = readonly [number, number];

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export const fmt = (v: number): string => String(Math.round(v * 10) / 10);
const pts = (points: readonly Pt[]): string => points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const line = (a: Pt, b: Pt): string => `M${fmt(a[0])} ${fmt(a[1])}L${fmt(b[0])} ${fmt(b[1])}`;

// Diamond outlines (200 × 200, centre 100,100)

const C: Pt = [100, 100];

function sample(n: number, f: (t: number) => Pt): Pt[] {
  return Array.from({ length: n }, (_, i) => f(i / n));
}

function ellipse(rx: number, ry: number, cy = 100): Pt[] {
  return sample(144, (t) => [100 + rx * Math.cos(2 * Math.PI * t), cy + ry * Math.sin(2 * Math.PI * t)]);
}

function superellipse(a: number, b: number, n: number): Pt[] {
  return sample(160, (t) => {
    const th = 2 * Math.PI * t;
    const c = Math.cos(th);
    const s = Math.sin(th);
    return [100 + a * Math.sign(c) * Math.abs(c) ** (2 / n), 100 + b * Math.sign(s) * Math.abs(s) ** (2 / n)];
  });
}

/** A rectangle of half-size w × h with its corners cut by `cut`, as 8 vertices clockwise from top-left. */
function cutRect(w: number, h: number, cut: number, c: Pt = C): Pt[] {
  const [x, y] = c;
  return [
    [x - w + cut, y - h],
    [x + w - cut, y - h],
    [x + w, y - h + cut],
    [x + w, y + h - cut],
    [x + w - cut, y + h],
    [x - w + cut, y + h],
    [x - w, y + h - cut],
    [x - w, y - h + cut],
  ];
}

function marquise(): Pt[] {
  // Two circular arcs meeting in points at the top and bottom (a vesica), 172 long and 88 wide.
  const halfLength = 86;
  const halfWidth = 44;
  const r = (halfLength ** 2 + halfWidth ** 2) / (2 * halfWidth);
  const a = Math.asin(halfLength / r);
  const side = (sign: number): Pt[] =>
    sample(60, (t) => {
      const th = -a + 2 * a * t;
      return [100 + sign * (r * Math.cos(th) - (r - halfWidth)), 100 + sign * r * Math.sin(th)];
    });
  return [...side(1), ...side(-1)];
}

function pear(): Pt[] {
  // Round bottom (radius 56 around 100,126) rising to a point at the top (100,18).
  const cy = 126;
  const r = 56;
  const bottom = sample(60, (t) => [100 + r * Math.cos(Math.PI * t), cy + r * Math.sin(Math.PI * t)] as Pt);
  const tip: Pt = [100, 18];
  const bezier = (p0: Pt, p1: Pt, p2: Pt, t: number): Pt => [
    (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
    (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1],
  ];
  const left = sample(40, (t) => bezier([100 - r, cy], [100 - r, 58], tip, t));
  const right = sample(40, (t) => bezier(tip, [100 + r, 58], [100 + r, cy], t));
  return [...bottom.slice(0, 60), [100 - r, cy], ...left.slice(1), tip, ...right.slice(1)];
}

function heart(): Pt[] {
  // The classic parametric heart, scaled to about 164 × 150 and centred.
  return sample(160, (t) => {
    const th = 2 * Math.PI * t;
    const x = 16 * Math.sin(th) ** 3;
    const y = 13 * Math.cos(th) - 5 * Math.cos(2 * th) - 2 * Math.cos(3 * th) - Math.cos(4 * th);
    return [100 + 5.1 * x, 92 - 5.1 * y];
  });
}

/** Where the ray from `c` at angle `theta` (radians, 0 = +x, π/2 = +y) leaves the (star-shaped) polygon. */
export function girdleAt(outline: readonly Pt[], c: Pt, theta: number): Pt {
  const d: Pt = [Math.cos(theta), Math.sin(theta)];
  let best = Infinity;
  for (let i = 0; i < outline.length; i++) {
    const p = outline[i]!;
    const q = outline[(i + 1) % outline.length]!;
    const e: Pt = [q[0] - p[0], q[1] - p[1]];
    const den = d[0] * e[1] - d[1] * e[0];
    if (Math.abs(den) < 1e-12) continue;
    const w: Pt = [p[0] - c[0], p[1] - c[1]];
    const t = (w[0] * e[1] - w[1] * e[0]) / den;
    const u = (w[0] * d[1] - w[1] * d[0]) / den;
    if (t > 1e-9 && u >= -1e-9 && u <= 1 + 1e-9 && t < best) best = t;
  }
  return [c[0] + d[0] * best, c[1] + d[1] * best];
}

interface Facets {
  /** Filled facet polygons: [points, fill, opacity]. */
  fills: [Pt[], string, number][];
  table: Pt[];
  /** Facet edges as a path. */
  lines: string[];
}

const pushOut = (p: Pt, c: Pt): Pt => lerp(c, p, 1.25); // fills reach past the girdle; the outline clips them

/** Brilliant-style crown: table, star, bezel and upper-girdle facets laid out on rays from the centre. */
function brilliant(outline: readonly Pt[], c: Pt, n = 8, rotation = -Math.PI / 2, tableScale = 0.52): Facets {
  const theta = (k: number): number => rotation + (2 * Math.PI * k) / n;
  const G = (k: number): Pt => girdleAt(outline, c, theta(k));
  const Gm = (k: number): Pt => girdleAt(outline, c, theta(k + 0.5));
  const T = (k: number): Pt => lerp(c, G(k), tableScale);
  const S = (k: number): Pt => lerp(c, Gm(k), tableScale + (1 - tableScale) * 0.5);
  const fills: Facets["fills"] = [];
  const lines: string[] = [];
  for (let k = 0; k < n; k++) {
    fills.push([[T(k), S(k - 1), pushOut(G(k), c), S(k)], k % 2 ? "#8fb3d1" : "#ffffff", k % 2 ? 0.28 : 0.5]);
    fills.push([[T(k), S(k), T(k + 1)], "#ffffff", 0.7]);
    fills.push([[S(k), pushOut(G(k), c), pushOut(Gm(k), c)], k % 2 ? "#ffffff" : "#6f93b4", k % 2 ? 0.45 : 0.3]);
    fills.push([[S(k), pushOut(Gm(k), c), pushOut(G(k + 1), c)], k % 2 ? "#6f93b4" : "#ffffff", k % 2 ? 0.3 : 0.45]);
    lines.push(line(T(k), S(k)), line(S(k), T(k + 1)), line(S(k), G(k)), line(S(k), G(k + 1)), line(S(k), Gm(k)));
  }
  return { fills, table: Array.from({ length: n }, (_, k) => T(k)), lines };
}

/** Step cut (emerald, asscher): concentric cut-corner rectangles joined at their corners. */
function stepCut(w: number, h: number, cut: number, steps: number[]): Facets {
  const rings = [1, ...steps].map((s) => cutRect(w * s, h * s, cut * s));
  const fills: Facets["fills"] = [];
  const lines: string[] = [];
  rings.slice(0, -1).forEach((outer, i) => {
    const inner = rings[i + 1]!;
    for (let k = 0; k < 8; k++) {
      const quad = [outer[k]!, outer[(k + 1) % 8]!, inner[(k + 1) % 8]!, inner[k]!];
      const shade = (k + i) % 2 ? "#ffffff" : "#7d9fbd";
      fills.push([quad.map((p) => (i === 0 ? pushOut(p, C) : p)), shade, (k + i) % 2 ? 0.45 : 0.22]);
    }
    lines.push(`M${pts(inner).replace(/ /g, "L")}Z`);
    outer.forEach((p, k) => lines.push(line(p, inner[k]!)));
  });
  return { fills, table: rings[rings.length - 1]!, lines };
}

/** Square or rectangular brilliant (princess, radiant): table like the outline, kites to the corners and edges. */
function squareBrilliant(outline: readonly Pt[], tableScale: number): Facets {
  const table = outline.map((p) => lerp(C, p, tableScale));
  const fills: Facets["fills"] = [];
  const lines: string[] = [];
  const n = outline.length;
  for (let k = 0; k < n; k++) {
    const a = outline[k]!;
    const b = outline[(k + 1) % n]!;
    const mid = lerp(a, b, 0.5);
    const ta = table[k]!;
    const tb = table[(k + 1) % n]!;
    fills.push([[pushOut(a, C), ta, pushOut(mid, C)], "#6f93b4", 0.26]);
    fills.push([[ta, tb, mid], "#ffffff", 0.65]);
    fills.push([[pushOut(mid, C), tb, pushOut(b, C)], "#ffffff", 0.5]);
    lines.push(line(a, ta), line(ta, mid), line(mid, tb));
  }
  // Pavilion reflections seen through the table: a faint X and chevrons.
  for (const p of table) lines.push(line(C, lerp(C, p, 0.9)));
  return { fills, table, lines };
}

interface ShapeDrawing {
  outline: Pt[];
  facets: Facets;
}

/**
 * The girdle outline of a diamond shape (codes 1-10 of SHAPES) seen from the top, in the 200 × 200 drawing space
 * (centre 100,100; +y towards the bottom, which for the elongated shapes is along their length). Throws a
 * RangeError for any other code.
 */
export function shapeOutline(shape: number): Pt[] {
  switch (shape) {
    case 1:
      return ellipse(82, 82);
    case 2:
      return [
        [26, 26],
        [174, 26],
        [174, 174],
        [26, 174],
      ];
    case 3:
      return marquise();
    case 4:
      return cutRect(58, 84, 20);
    case 5:
      return pear();
    case 6:
      return ellipse(60, 84);
    case 7:
      return heart();
    case 8:
      return cutRect(62, 82, 16);
    case 9:
      return cutRect(76, 76, 30);
    case 10:
      return superellipse(76, 80, 3.2);
    default:
      throw new RangeError(`unknown shape ${shape}`);
  }
}

/** The point the crown facets radiate from (the pear's sits low, in its round end). */
export function shapeCentre(shape: number): Pt {
  return shape === 5 ? [100, 112] : C;
}

function shapeDrawing(shape: number): ShapeDrawing {
  const outline = shapeOutline(shape);
  switch (shape) {
    case 2:
    case 8:
      return { outline, facets: squareBrilliant(outline, 0.55) };
    case 4:
      return { outline, facets: stepCut(58, 84, 20, [0.83, 0.66]) };
    case 9:
      return { outline, facets: stepCut(76, 76, 30, [0.8, 0.6, 0.42]) };
    default: {
      const tableScale = shape === 1 ? 0.55 : shape === 6 ? 0.53 : shape === 10 ? 0.52 : 0.5;
      return { outline, facets: brilliant(outline, shapeCentre(shape), 8, -Math.PI / 2, tableScale) };
    }
  }
}

/**
 * A top-view illustration of a diamond shape (codes 1-10 of SHAPES): outline, table and crown facets in light
 * blue, white and grey. 200 × 200, viewBox 0 0 200 200; ids are prefixed with the shape slug so several can be
 * inlined in one page.
 */
export function diamondSvg(shape: number): string {
  const entry = SHAPES.find((s) => s.code === shape);
  if (!entry) throw new RangeError(`unknown shape ${shape}`);
  const id = `loupe-${entry.slug}`;
  const { outline, facets } = shapeDrawing(shape);
  const outlinePoints = pts(outline);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(entry.label)} diamond">`,
    `<title>${escapeXml(entry.label)}</title>`,
    "<defs>",
    `<linearGradient id="${id}-body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e3f0fa"/><stop offset="0.45" stop-color="#ffffff"/><stop offset="1" stop-color="#aebfcf"/></linearGradient>`,
    `<radialGradient id="${id}-table" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#dcebf7"/><stop offset="1" stop-color="#b8cde0"/></radialGradient>`,
    `<clipPath id="${id}-clip"><polygon points="${outlinePoints}"/></clipPath>`,
    "</defs>",
    `<polygon points="${outlinePoints}" fill="url(#${id}-body)"/>`,
    `<g clip-path="url(#${id}-clip)">`,
    ...facets.fills.map(([p, fill, opacity]) => `<polygon points="${pts(p)}" fill="${fill}" fill-opacity="${opacity}"/>`),
    `<polygon points="${pts(facets.table)}" fill="url(#${id}-table)"/>`,
    `<path d="${facets.lines.join("")}" fill="none" stroke="#7f96ab" stroke-width="1" stroke-linejoin="round"/>`,
    `<polygon points="${pts(facets.table)}" fill="none" stroke="#7f96ab" stroke-width="1.2"/>`,
    "</g>",
    `<polygon points="${outlinePoints}" fill="none" stroke="#5b7086" stroke-width="2" stroke-linejoin="round"/>`,
    "</svg>",
  ].join("");
}

// Metal colours (the setting drawings', and the ring viewer's)

/** A metal's colours for a drawing, lightest to darkest; `texture` marks carbon fibre's weave and Damascus steel's waves. */
export interface MetalColours {
  light: string;
  mid: string;
  dark: string;
  texture?: "weave" | "waves";
}

/**
 * Colours of a single metal code: platinum and white gold grey, yellow gold, rose gold (18K a touch richer),
 * palladium light grey, cobalt blue-grey, tantalum dark blue-grey, titanium grey, tungsten gunmetal, carbon fibre
 * near-black (woven), ceramic black, Damascus steel patterned grey. Unknown (0) and any other code: white-ish grey.
 */
export function metalColours(metal: number): MetalColours {
  switch (metal) {
    case 1:
      return { light: "#f4f6f8", mid: "#c3cad1", dark: "#7f8891" };
    case 4:
      return { light: "#fbeab0", mid: "#e2bf62", dark: "#a98431" };
    case 5:
      return { light: "#fae39a", mid: "#dcb04a", dark: "#9c7522" };
    case 6:
      return { light: "#f8d5c6", mid: "#e0a48c", dark: "#a9654d" };
    case 7:
      return { light: "#f6cbb8", mid: "#d9927a", dark: "#9d553e" };
    case 8:
      return { light: "#f6f6f4", mid: "#d6d7d5", dark: "#9c9e9f" };
    case 10:
      return { light: "#e3e9f0", mid: "#a3b0c0", dark: "#5e6b7c" };
    case 11:
      return { light: "#b4bdcb", mid: "#6c7788", dark: "#363e4c" };
    case 12:
      return { light: "#e0e0dc", mid: "#a9a9a3", dark: "#6a6a65" };
    case 13:
      return { light: "#a6aab0", mid: "#62676e", dark: "#2e3237" };
    case 14:
      return { light: "#54575e", mid: "#222328", dark: "#0b0c0e", texture: "weave" };
    case 15:
      return { light: "#6a6a70", mid: "#1d1d21", dark: "#050506" };
    case 16:
      return { light: "#d4d7db", mid: "#8e939a", dark: "#4a4f56", texture: "waves" };
    default:
      return { light: "#f1f3f5", mid: "#cdd2d7", dark: "#8b939b" }; // white gold, unknown and anything else
  }
}

/**
 * The two single metals of a metal code: for a two-tone code 100 + 10 × first + second (both 1-8, different) the
 * first (the band, chain or bracelet) and the second (the head, prongs and halo); for any other code, itself twice.
 */
export function metalParts(metal: number): readonly [number, number] {
  const first = Math.floor((metal - 100) / 10);
  const second = (metal - 100) % 10;
  return Number.isInteger(metal) && metal >= 100 && metal <= 191 && first >= 1 && first <= 8 && second >= 1 && second <= 8 && first !== second
    ? [first, second]
    : [metal, metal];
}
