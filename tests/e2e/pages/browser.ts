import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROME_ARGS } from "../chrome";

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: inject("chromePath"), args: CHROME_ARGS, headless: true });
}

/** A page that records every page error and console error (hydration mismatches show up there). */
export async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") errors.push(`console.${m.type()}: ${m.text()}`);
  });
  return { page, errors };
}

/** Errors a page reports, without the browser's note about an answer's status (a not-found page's 404). */
export const realErrors = (errors: string[]) => errors.filter((e) => !e.includes("Failed to load resource"));

export function url(path: string): string {
  return inject("baseUrl") + path;
}

/**
 * Experiment variants pinned for a new browser: every new context is a new visitor with its own split, so
 * tests pin the experiments that change what they click (a consent banner over the page, a second
 * add-to-cart button, the price-lock button). A test about an experiment pins or forces it itself.
 */
export const PINNED_VARIANTS: Readonly<Record<string, 0 | 1>> = { One_Trust_Script: 0, Sticky_Checkout_Button: 0, Lock_Price: 1 };

/** A new browser context (a new visitor) with PINNED_VARIANTS, overridden by `variants`. */
export async function shopperContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
  variants: Record<string, 0 | 1> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const pinned = { ...PINNED_VARIANTS, ...variants };
  await context.addCookies(Object.entries(pinned).map(([name, value]) => ({ name, value: String(value), url: url("/") })));
  return context;
}
