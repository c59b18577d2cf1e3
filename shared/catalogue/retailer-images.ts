/**
 * SVG retailer wordmarks and "about" banners for the demo catalogue (see images.ts).
 */
import { escapeXml } from "./images";

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
    .map(
      (i) =>
        `<path transform="translate(${150 + i * 75} 200)" d="M-18 0l9-10h18l9 10-18 20z" fill="none" stroke="hsl(${(hue + 40) % 360}, 60%, 78%)" stroke-width="2" stroke-linejoin="round"/>`,
    )
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
