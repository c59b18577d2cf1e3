/**
 * SVG illustrations for the demo catalogue: diamond shapes (top view), retailer wordmarks and settings.
 * Pure TypeScript returning SVG text; every piece of text placed in the markup is XML-escaped.
 */
import { METALS, SHAPES } from "../enums";

/** A 2-D point. */
export type Pt = readonly [number, number];

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const fmt = (v: number): string => String(Math.round(v * 10) / 10);
const pts = (points: readonly Pt[]): string => points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const line = (a: Pt, b: Pt): string => `M${fmt(a[0])} ${fmt(a[1])}L${fmt(b[0])} ${fmt(b[1])}`;

// ---------------------------------------------------------------------------------------------------------------
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
      return [[26, 26], [174, 26], [174, 174], [26, 174]];
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

// ---------------------------------------------------------------------------------------------------------------
// Retailer logos

/** 32-bit FNV-1a hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/**
 * A retailer's wordmark: the name in a rounded rectangle coloured from a hash of the name (240 × 64), or for
 * `small` the initials in a 64 × 64 tile.
 */
export function retailerLogoSvg(name: string, small: boolean): string {
  const hue = hash(name) % 360;
  const bg = `hsl(${hue}, 42%, 30%)`;
  const accent = `hsl(${(hue + 40) % 360}, 60%, 72%)`;
  const label = escapeXml(name);
  if (small) {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${label}">`,
      `<title>${label}</title>`,
      `<rect x="1" y="1" width="62" height="62" rx="14" fill="${bg}"/>`,
      `<rect x="6" y="6" width="52" height="52" rx="10" fill="none" stroke="${accent}" stroke-width="1.5"/>`,
      `<text x="32" y="33" fill="#ffffff" font-family="Georgia, 'Times New Roman', serif" font-size="24" font-weight="600" text-anchor="middle" dominant-baseline="middle">${escapeXml(initials(name))}</text>`,
      "</svg>",
    ].join("");
  }
  const fontSize = Math.min(22, Math.floor(200 / (0.56 * Math.max(1, name.length))));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<rect x="1" y="1" width="238" height="62" rx="12" fill="${bg}"/>`,
    `<path d="M18 32l7-8h10l7 8-12 13z" fill="none" stroke="${accent}" stroke-width="1.8" stroke-linejoin="round"/>`,
    `<text x="138" y="33" fill="#ffffff" font-family="Georgia, 'Times New Roman', serif" font-size="${fontSize}" text-anchor="middle" dominant-baseline="middle" textLength="${Math.min(176, Math.round(name.length * fontSize * 0.56))}" lengthAdjust="spacingAndGlyphs">${label}</text>`,
    "</svg>",
  ].join("");
}

/** A retailer's "about" banner (600 × 300): the wordmark colours with the name and a row of diamond outlines. */
export function retailerAboutSvg(name: string): string {
  const hue = hash(name) % 360;
  const label = escapeXml(name);
  const bgId = `loupe-about-${hash(name).toString(36)}`;
  const gems = [0, 1, 2, 3, 4]
    .map((i) => `<path transform="translate(${150 + i * 75} 200)" d="M-18 0l9-10h18l9 10-18 20z" fill="none" stroke="hsl(${(hue + 40) % 360}, 60%, 78%)" stroke-width="2" stroke-linejoin="round"/>`)
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<defs><linearGradient id="${bgId}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 42%, 34%)"/><stop offset="1" stop-color="hsl(${hue}, 42%, 18%)"/></linearGradient></defs>`,
    `<rect width="600" height="300" fill="url(#${bgId})"/>`,
    `<text x="300" y="120" fill="#ffffff" font-family="Georgia, 'Times New Roman', serif" font-size="34" text-anchor="middle">${label}</text>`,
    gems,
    "</svg>",
  ].join("");
}

// ---------------------------------------------------------------------------------------------------------------
// Settings

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

/**
 * Paint definitions for a metal under `id`: a diagonal gradient light → mid → dark, or for the textured metals a
 * pattern tile (carbon fibre's twill weave, Damascus steel's wavy layers) filling the same box.
 */
function metalPaint(id: string, c: MetalColours): string {
  if (c.texture === "weave") {
    return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="6" height="6"><rect width="6" height="6" fill="${c.mid}"/><path d="M0 0h3v3H0zM3 3h3v3H3z" fill="${c.light}" fill-opacity="0.45"/><path d="M0 1.5h3M4.5 3v3M3 4.5h3M1.5 0v3" stroke="${c.dark}" stroke-width="0.5"/></pattern>`;
  }
  if (c.texture === "waves") {
    return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="16" height="8"><rect width="16" height="8" fill="${c.mid}"/><path d="M0 2q4 -2.5 8 0t8 0M0 6q4 -2.5 8 0t8 0" fill="none" stroke="${c.light}" stroke-width="1.1"/><path d="M0 4q4 -2.5 8 0t8 0" fill="none" stroke="${c.dark}" stroke-width="0.8"/></pattern>`;
  }
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="20" y1="20" x2="180" y2="180"><stop offset="0" stop-color="${c.light}"/><stop offset="0.5" stop-color="${c.mid}"/><stop offset="1" stop-color="${c.dark}"/></linearGradient>`;
}

const STONE = `fill="#f4f9fd" stroke="#7f96ab" stroke-width="1.2"`;

function stone(cx: number, cy: number, r: number): string {
  return `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" ${STONE}/><path d="M${fmt(cx - r * 0.5)} ${fmt(cy)}h${fmt(r)}M${fmt(cx)} ${fmt(cy - r * 0.5)}v${fmt(r)}" stroke="#b7c8d8" stroke-width="0.8"/>`;
}

/** Small stones along the front of the ring band, between angles a0 and a1 (radians, 0 = right, π/2 = bottom). */
function bandStones(a0: number, a1: number, count: number, rx: number, ry: number, cy: number, r: number): string {
  return Array.from({ length: count }, (_, i) => {
    const a = a0 + ((a1 - a0) * i) / Math.max(1, count - 1);
    return stone(100 + rx * Math.cos(a), cy + ry * Math.sin(a), r);
  }).join("");
}

/** Paint references and colours of a drawing: `band` for the shank, chain or bracelet, `head` for what holds stones. */
interface Paints {
  band: string;
  head: string;
  bandColours: MetalColours;
  headColours: MetalColours;
}

function ringDrawing(slug: string, p: Paints): string {
  const band = (strokeWidth: number, cy = 122): string =>
    `<ellipse cx="100" cy="${cy}" rx="62" ry="42" fill="none" stroke="${p.band}" stroke-width="${strokeWidth}"/>` +
    `<ellipse cx="100" cy="${cy}" rx="62" ry="42" fill="none" stroke="${p.bandColours.dark}" stroke-width="0.8" stroke-opacity="0.5"/>`;
  const head = (r: number): string =>
    `<path d="M${fmt(100 - r * 0.9)} 80 L${fmt(100 - r * 0.35)} ${fmt(84 - r * 1.6)} M${fmt(100 + r * 0.9)} 80 L${fmt(100 + r * 0.35)} ${fmt(84 - r * 1.6)}" stroke="${p.headColours.dark}" stroke-width="2.4" stroke-linecap="round"/>` +
    `<path d="M${fmt(100 - r * 0.8)} 82 Q100 ${fmt(90 + r * 0.2)} ${fmt(100 + r * 0.8)} 82" fill="none" stroke="${p.head}" stroke-width="3.2" stroke-linecap="round"/>` +
    stone(100, 80 - r * 0.9, r);
  const halo = (r: number): string =>
    `<circle cx="100" cy="${fmt(80 - r * 0.9)}" r="${fmt(r + 5)}" fill="none" stroke="${p.head}" stroke-width="6"/>` +
    bandStones(0, 2 * Math.PI * (1 - 1 / 14), 14, r + 5, r + 5, 80 - r * 0.9, 2.4);
  const sideStone = (cx: number, cy: number, r: number): string =>
    `<circle cx="${cx}" cy="${cy}" r="${fmt(r + 2)}" fill="${p.head}"/>` + stone(cx, cy, r);

  switch (slug) {
    case "solitaire":
      return band(9) + head(17);
    case "pave-solitaire":
      return band(9) + bandStones(Math.PI * 0.15, Math.PI * 0.85, 9, 62, 42, 122, 2.6) + head(17);
    case "halo":
      return band(9) + halo(15) + head(15);
    case "pave-halo":
      return band(9) + bandStones(Math.PI * 0.15, Math.PI * 0.85, 9, 62, 42, 122, 2.6) + halo(15) + head(15);
    case "hidden-halo":
      return band(9) + head(17) + bandStones(Math.PI * 0.1, Math.PI * 0.9, 7, 15, 4, 70, 1.8);
    case "three-stone":
      return band(9) + sideStone(72, 80, 10) + sideStone(128, 80, 10) + head(16);
    case "halo-three-stone":
      return band(9) + sideStone(70, 82, 9) + sideStone(130, 82, 9) + halo(14) + head(14);
    case "pave":
      return band(11) + bandStones(Math.PI * 0.05, Math.PI * 0.95, 11, 62, 42, 122, 3) + head(15);
    case "band":
      return band(10, 110);
    case "pave-band":
      return band(10, 110) + bandStones(Math.PI * 0.1, Math.PI * 0.9, 11, 62, 42, 110, 3);
    case "eternity-band":
      return band(11, 110) + bandStones(0, 2 * Math.PI * (1 - 1 / 22), 22, 62, 42, 110, 3.4);
    case "mens-band":
      return band(20, 110) + `<ellipse cx="100" cy="110" rx="62" ry="42" fill="none" stroke="${p.headColours.light}" stroke-width="2" stroke-opacity="0.7"/>`;
    default:
      return band(9) + head(16);
  }
}

function jewelryDrawing(slug: string, p: Paints): string | null {
  // The chain: a quadratic curve with y = 20 + 260·t·(1 − t) at x = 30 + 140·t, lowest (85) at x = 100.
  const chain = `<path d="M30 20 Q100 150 170 20" fill="none" stroke="${p.band}" stroke-width="2.5"/>`;
  const onChain = (x: number): number => {
    const t = (x - 30) / 140;
    return 20 + 260 * t * (1 - t);
  };
  const bail = `<circle cx="100" cy="89" r="5" fill="none" stroke="${p.head}" stroke-width="2.5"/>`;
  const haloStones = bandStones(0, 2 * Math.PI * (1 - 1 / 12), 12, 24, 24, 100, 3);
  const stud = (halo: boolean): string =>
    (halo ? haloStones : "") + `<circle cx="100" cy="100" r="${halo ? 19 : 22}" fill="${p.head}"/>` + stone(100, 100, halo ? 16 : 19);
  // A mounting without its stone: the cup, an empty seat (dashed) and four prongs waiting for the shopper's diamond.
  const mounting = (halo: boolean): string =>
    (halo ? haloStones : "") +
    `<circle cx="100" cy="100" r="${halo ? 19 : 21}" fill="${p.head}"/>` +
    `<circle cx="100" cy="100" r="${halo ? 13 : 15}" fill="#fbfcfd" stroke="${p.headColours.dark}" stroke-width="1.2" stroke-dasharray="3 2"/>` +
    [1, 3, 5, 7].map((k) => {
      const a = (k * Math.PI) / 4;
      const r = halo ? 14 : 16;
      return `<circle cx="${fmt(100 + r * Math.cos(a))}" cy="${fmt(100 + r * Math.sin(a))}" r="3" fill="${p.head}" stroke="${p.headColours.dark}" stroke-width="0.8"/>`;
    }).join("");
  const pair = (shift: number, drawing: string): string =>
    `<g transform="translate(${-shift} 0)">${drawing}</g><g transform="translate(${shift} 0)">${drawing}</g>`;
  switch (slug) {
    case "stud":
      return pair(38, stud(false));
    case "halo-stud":
      return pair(42, stud(true));
    case "stud-setting":
      return pair(38, mounting(false));
    case "halo-stud-setting":
      return pair(42, mounting(true));
    case "drop-earrings":
      return [62, 138]
        .map((x) => `<path d="M${x} 30 q10 -14 0 -18" fill="none" stroke="${p.band}" stroke-width="3"/><line x1="${x}" y1="30" x2="${x}" y2="92" stroke="${p.band}" stroke-width="2.5"/><circle cx="${x}" cy="110" r="18" fill="${p.head}"/>${stone(x, 30, 6)}${stone(x, 110, 16)}`)
        .join("");
    case "solitaire-pendant":
      return chain + bail + `<circle cx="100" cy="112" r="20" fill="${p.head}"/>` + stone(100, 112, 18);
    case "halo-pendant":
      return chain + bail + `<circle cx="100" cy="119" r="21" fill="none" stroke="${p.head}" stroke-width="6"/>` + bandStones(0, 2 * Math.PI * (1 - 1 / 14), 14, 21, 21, 119, 3) + stone(100, 119, 15);
    case "side-stone-pendant":
      return chain + bail + `<path d="M100 95V138" stroke="${p.head}" stroke-width="4"/>` + stone(100, 101, 6) + stone(100, 116, 8) + stone(100, 138, 14);
    case "necklace":
      return chain + [44, 65, 135, 156].map((x) => `<circle cx="${x}" cy="${fmt(onChain(x))}" r="6.5" fill="${p.head}"/>` + stone(x, onChain(x), 5)).join("") + stone(100, onChain(100) + 8, 10);
    case "bracelet":
      return `<ellipse cx="100" cy="100" rx="80" ry="46" fill="none" stroke="${p.band}" stroke-width="12"/>` +
        `<ellipse cx="100" cy="100" rx="80" ry="46" fill="none" stroke="${p.head}" stroke-width="5" stroke-dasharray="2 6"/>` +
        bandStones(0, 2 * Math.PI * (1 - 1 / 26), 26, 80, 46, 100, 4.2);
    default:
      return null;
  }
}

/**
 * A setting illustration (200 × 200) in the metal's colours: a ring with a solitaire head, halo, three-stone, pavé
 * or eternity hints by style slug, earrings (with their stones, or as empty stud settings), a pendant, a necklace
 * or a bracelet (see SETTING_IMAGE_SLUGS in setting-styles.ts). Unknown slugs draw a plain solitaire. Every metal code
 * draws: a two-tone code (see metalParts) paints the band, chain or bracelet in its first metal and the head,
 * prongs, halo and cups in its second; carbon fibre and Damascus steel are patterned. Ids are prefixed with the
 * slug and metal, so several drawings can be inlined in one page.
 */
export function settingSvg(styleSlug: string, metal: number): string {
  const [first, second] = metalParts(metal);
  const bandColours = metalColours(first);
  const headColours = metalColours(second);
  const id = `loupe-setting-${styleSlug.replace(/[^a-z0-9-]/gi, "")}-${Math.trunc(metal)}`;
  const twoTone = first !== second;
  const paints: Paints = {
    band: `url(#${id}-metal)`,
    head: twoTone ? `url(#${id}-head)` : `url(#${id}-metal)`,
    bandColours,
    headColours,
  };
  const body = jewelryDrawing(styleSlug, paints) ?? ringDrawing(styleSlug, paints);
  const metalLabel = METALS.find((m) => m.code === metal)?.label;
  const label = escapeXml(`${styleSlug.replace(/-/g, " ")} setting${metalLabel ? ` in ${metalLabel}` : ""}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<defs>${metalPaint(`${id}-metal`, bandColours)}${twoTone ? metalPaint(`${id}-head`, headColours) : ""}</defs>`,
    body,
    "</svg>",
  ].join("");
}
