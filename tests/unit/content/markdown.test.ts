import { describe, expect, it } from "vitest";
import { markdownText, renderMarkdown } from "#worker/content/markdown.ts";

describe("renderMarkdown", () => {
  it("renders headings with ids, emphasis, lists and site links", () => {
    const html = renderMarkdown("## Cut & Clarity\n\nThe *cut* matters.\n\n- one\n- two\n\n[Search](/diamond-search)");
    expect(html).toContain('<h2 id="cut-and-clarity">Cut &amp; Clarity</h2>');
    expect(html).toContain("<em>cut</em>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="/diamond-search">Search</a>');
  });

  it("escapes raw HTML and drops script URLs", () => {
    const html = renderMarkdown("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n![i](data:text/html,boo)");
    expect(html).not.toMatch(/<script|<img src=x|href="javascript:|src="data:/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("marks external links noopener", () => {
    expect(renderMarkdown("[GIA](https://www.gia.edu)")).toContain('<a href="https://www.gia.edu" rel="noopener noreferrer">GIA</a>');
  });

  it("gives the plain text for descriptions", () => {
    expect(markdownText("# Title\n\nA **bold** & *fine* cut.")).toBe("Title A bold & fine cut.");
  });
});
