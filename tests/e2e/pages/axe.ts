/**
 * axe-core in the browser tests (issue 20 point 9): `expectAccessible(page, label)` runs axe on the page as it
 * stands and fails with a readable list of every serious or critical violation (rule, impact, help, the
 * offending elements and axe's summary of what to fix). axe.min.js is read from node_modules and evaluated
 * through the DevTools protocol (page.evaluate): the pages' CSP allows only nonced scripts, so an injected
 * <script> element (page.addScriptTag) would be refused.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults, Result } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

let source: Promise<string> | undefined;

/** axe.min.js, read once. */
function axeSource(): Promise<string> {
  source ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return source;
}

/** The violations that fail a page: serious and critical. */
export const FAILING_IMPACTS: readonly string[] = ["serious", "critical"];

/** One violation as a person reads it: the rule, its impact and help, then each element and what to fix there. */
export function describeViolation(v: Pick<Result, "id" | "impact" | "help" | "helpUrl" | "nodes">): string {
  const nodes = v.nodes
    .slice(0, 8)
    .map((n) => `    ${n.target.join(" ")}\n      ${n.html.slice(0, 200)}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`);
  const more = v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more`] : [];
  return [`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes, ...more].join("\n");
}

/** Runs axe-core on the page and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(await axeSource());
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResults> } }).axe.run(document, { resultTypes: ["violations"] }),
  );
  return results.violations.filter((v) => FAILING_IMPACTS.includes(v.impact ?? ""));
}

/** Asserts the page has no serious or critical axe-core violation; `label` names the page in the failure. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  const report = violations.map(describeViolation).join("\n");
  expect(violations.length, `${label} (${page.url()}) has serious or critical accessibility violations:\n${report}\n`).toBe(0);
}
