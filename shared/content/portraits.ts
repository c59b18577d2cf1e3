/**
 * Generated portraits of Loupe's gemologists (no external image hosts, like the catalogue's drawings): a head and
 * shoulders whose colours, hair and frame follow from a hash of the gemologist's id, so each stays the same.
 */

const BACKGROUNDS = ["#dbe7f3", "#e6efe4", "#f3e6dc", "#ece3f3", "#f1ecd8", "#dcefee"];
const SKIN = ["#f2d3b8", "#e0b592", "#c68f68", "#a36d4a", "#7c4f33", "#5c3a26"];
const HAIR = ["#1f1a17", "#3b2a20", "#6b4a2f", "#a7773f", "#c9c2b8", "#4a3a5a"];
const CLOTHES = ["#1f4e79", "#2f5d50", "#6b3f5f", "#3d3d46", "#7a4b2a", "#2b4f6e"];

/** FNV-1a of the id: a stable, well-spread number per gemologist. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const pick = <T>(list: readonly T[], h: number, shift: number): T => list[(h >>> shift) % list.length]!;

/** The portrait of the gemologist with this id (an SVG document, 160 × 160). */
export function gemologistPortraitSvg(id: string): string {
  const h = hash(id);
  const bg = pick(BACKGROUNDS, h, 0);
  const skin = pick(SKIN, h, 3);
  const hair = pick(HAIR, h, 7);
  const clothes = pick(CLOTHES, h, 11);
  const long = (h >>> 15) % 2 === 0;
  const glasses = (h >>> 17) % 3 === 0;
  const hairBack = long ? `<path d="M46 74c0-30 14-46 34-46s34 16 34 46v40H46z" fill="${hair}"/>` : "";
  const hairTop = long
    ? `<path d="M52 70c2-22 12-32 28-32s26 10 28 32c-10-10-30-14-56 0z" fill="${hair}"/>`
    : `<path d="M52 66c0-20 12-30 28-30s28 10 28 30c-6-8-18-12-28-12s-22 4-28 12z" fill="${hair}"/>`;
  const eyewear = glasses
    ? `<g fill="none" stroke="#2a2a2a" stroke-width="2"><circle cx="70" cy="72" r="7"/><circle cx="90" cy="72" r="7"/><path d="M77 72h6"/></g>`
    : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img" aria-hidden="true">`,
    `<rect width="160" height="160" rx="80" fill="${bg}"/>`,
    hairBack,
    `<path d="M30 160c4-30 24-44 50-44s46 14 50 44z" fill="${clothes}"/>`,
    `<rect x="71" y="96" width="18" height="22" rx="6" fill="${skin}"/>`,
    `<ellipse cx="80" cy="72" rx="26" ry="30" fill="${skin}"/>`,
    hairTop,
    eyewear,
    `<path d="M72 88q8 6 16 0" fill="none" stroke="#6b3b2e" stroke-width="2" stroke-linecap="round"/>`,
    "</svg>",
  ].join("");
}
