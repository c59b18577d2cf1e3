/**
 * SVG illustrations of the demo settings in each metal: rings, bands, earrings, pendants, necklaces and
 * bracelets (see images.ts).
 */
import { METALS } from "../enums";
import { type MetalColours, escapeXml, fmt, metalColours, metalParts } from "./images";

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
  const sideStone = (cx: number, cy: number, r: number): string => `<circle cx="${cx}" cy="${cy}" r="${fmt(r + 2)}" fill="${p.head}"/>` + stone(cx, cy, r);

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
    [1, 3, 5, 7]
      .map((k) => {
        const a = (k * Math.PI) / 4;
        const r = halo ? 14 : 16;
        return `<circle cx="${fmt(100 + r * Math.cos(a))}" cy="${fmt(100 + r * Math.sin(a))}" r="3" fill="${p.head}" stroke="${p.headColours.dark}" stroke-width="0.8"/>`;
      })
      .join("");
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
        .map(
          (x) =>
            `<path d="M${x} 30 q10 -14 0 -18" fill="none" stroke="${p.band}" stroke-width="3"/><line x1="${x}" y1="30" x2="${x}" y2="92" stroke="${p.band}" stroke-width="2.5"/><circle cx="${x}" cy="110" r="18" fill="${p.head}"/>${stone(x, 30, 6)}${stone(x, 110, 16)}`,
        )
        .join("");
    case "solitaire-pendant":
      return chain + bail + `<circle cx="100" cy="112" r="20" fill="${p.head}"/>` + stone(100, 112, 18);
    case "halo-pendant":
      return (
        chain +
        bail +
        `<circle cx="100" cy="119" r="21" fill="none" stroke="${p.head}" stroke-width="6"/>` +
        bandStones(0, 2 * Math.PI * (1 - 1 / 14), 14, 21, 21, 119, 3) +
        stone(100, 119, 15)
      );
    case "side-stone-pendant":
      return chain + bail + `<path d="M100 95V138" stroke="${p.head}" stroke-width="4"/>` + stone(100, 101, 6) + stone(100, 116, 8) + stone(100, 138, 14);
    case "necklace":
      return (
        chain +
        [44, 65, 135, 156].map((x) => `<circle cx="${x}" cy="${fmt(onChain(x))}" r="6.5" fill="${p.head}"/>` + stone(x, onChain(x), 5)).join("") +
        stone(100, onChain(100) + 8, 10)
      );
    case "bracelet":
      return (
        `<ellipse cx="100" cy="100" rx="80" ry="46" fill="none" stroke="${p.band}" stroke-width="12"/>` +
        `<ellipse cx="100" cy="100" rx="80" ry="46" fill="none" stroke="${p.head}" stroke-width="5" stroke-dasharray="2 6"/>` +
        bandStones(0, 2 * Math.PI * (1 - 1 / 26), 26, 80, 46, 100, 4.2)
      );
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
