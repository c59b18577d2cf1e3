import { expect } from "vitest";
import type { Page } from "playwright-core";
import { url } from "./browser";

/** The diamond search page, driven through its accessible roles and labels. */
export class DiamondSearchPage {
  constructor(readonly page: Page) {}

  async open(query = "") {
    await this.page.goto(url(`/diamond-search${query}`));
    await this.page.getByRole("heading", { level: 1 }).waitFor();
  }

  async waitForHydration() {
    await this.page.locator("body[data-hydrated]").waitFor({ state: "attached" });
  }

  filters() {
    return this.page.getByRole("form", { name: "Diamond filters" });
  }

  shape(label: string) {
    return this.filters().getByRole("group", { name: "Shape" }).getByRole("checkbox", { name: label });
  }

  resultCount() {
    return this.page.getByRole("status");
  }

  /** The exact number of matching diamonds the page states. */
  async total(): Promise<number> {
    const text = await this.resultCount().innerText();
    const m = /^([\d,]+) diamonds/.exec(text);
    return m ? Number(m[1]!.replace(/,/g, "")) : 0;
  }

  /** Every value's live count in a filter group ("Oval (1,234)"), by label. */
  async facetCounts(group: string): Promise<Record<string, number>> {
    const labels = await this.filters().getByRole("group", { name: group, exact: true }).locator("label").allInnerTexts();
    const out: Record<string, number> = {};
    for (const l of labels) {
      const m = /^\s*(.*?)\s*\(([\d,]+)\)\s*$/.exec(l);
      if (m) out[m[1]!] = Number(m[2]!.replace(/,/g, ""));
    }
    return out;
  }

  async facetCount(group: string, label: string): Promise<number> {
    const count = (await this.facetCounts(group))[label];
    if (count === undefined) throw new Error(`no count for ${label} in ${group}`);
    return count;
  }

  cards() {
    return this.page.locator(".diamond-grid").getByRole("link");
  }

  async cardTitles(): Promise<string[]> {
    return this.page.locator(".diamond-card .title").allInnerTexts();
  }

  /** Result links, which identify diamonds uniquely (titles can repeat). */
  async cardHrefs(): Promise<string[]> {
    return this.cards().evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  }

  async expectAllTitles(re: RegExp) {
    // After a client-side navigation the URL can change a moment before the results render.
    await this.page.locator(".diamond-card .title").first().waitFor();
    const titles = await this.cardTitles();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t).toMatch(re);
  }
}
