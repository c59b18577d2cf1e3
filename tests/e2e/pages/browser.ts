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

export function url(path: string): string {
  return inject("baseUrl") + path;
}
