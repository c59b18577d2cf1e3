/**
 * Draws Loupe's default share card, client/static/social-card.png (1200 × 630, what Open Graph and Twitter show
 * for a page without its own image): an HTML page with an SVG diamond, screenshotted by the Chromium the browser
 * tests use (tests/e2e/chrome.ts). Run once when the card changes and commit the PNG:
 * `npx tsx scripts/social-card.ts`.
 */
import { writeFile } from "node:fs/promises";
import { chromium } from "playwright-core";
import { CHROME_ARGS, chromePath } from "../tests/e2e/chrome";

const WIDTH = 1200;
const HEIGHT = 630;
const OUT = "client/static/social-card.png";

/** A brilliant-cut diamond seen from the side: crown facets above the girdle, pavilion facets meeting at the culet. */
const DIAMOND = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 180" width="380" height="342" aria-hidden="true">
  <g stroke="#1f4e79" stroke-width="2.5" stroke-linejoin="round" fill="none">
    <polygon points="50,20 150,20 195,65 100,170 5,65" fill="#e8f1fa"/>
    <polygon points="50,20 150,20 130,65 70,65" fill="#ffffff"/>
    <polygon points="50,20 70,65 5,65" fill="#d3e4f5"/>
    <polygon points="150,20 195,65 130,65" fill="#d3e4f5"/>
    <polyline points="5,65 195,65"/>
    <polyline points="70,65 100,170 130,65"/>
    <polyline points="35,65 100,170 165,65"/>
    <polyline points="100,20 70,65"/><polyline points="100,20 130,65"/>
  </g>
</svg>`;

const HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; }
  body { display: flex; align-items: center; gap: 72px; padding: 0 96px; box-sizing: border-box;
    background: linear-gradient(135deg, #ffffff 0%, #eef3f8 100%); color: #1b1f24;
    font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; border-bottom: 18px solid #1f4e79; }
  h1 { font-size: 120px; margin: 0; letter-spacing: -2px; color: #1f4e79; }
  p { font-size: 38px; line-height: 1.3; margin: 20px 0 0; color: #3b434d; max-width: 560px; }
</style></head><body>${DIAMOND}<div><h1>Loupe</h1><p>Compare certified diamonds and engagement rings from independent retailers</p></div></body></html>`;

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: await chromePath(), args: CHROME_ARGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
    await page.setContent(HTML);
    await writeFile(OUT, await page.screenshot({ type: "png", clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } }));
    console.log(`wrote ${OUT} (${WIDTH} × ${HEIGHT})`);
  } finally {
    await browser.close();
  }
}

await main();
