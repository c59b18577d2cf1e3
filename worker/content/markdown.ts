/**
 * Markdown → HTML on the server for articles, content pages and FAQ answers, with markdown-it (maintained,
 * CommonMark). Sanitised by construction: raw HTML in the source is escaped (`html: false`), link and image
 * URLs are limited to http(s), mailto, tel and site-relative paths, and external links get
 * `rel="noopener noreferrer"`. Headings get ids (for in-page links and a table of contents).
 */
import MarkdownIt from "markdown-it";
import { slugify } from "#shared/enums.ts";

const md = new MarkdownIt({ html: false, linkify: false, typographer: true, breaks: false });

const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
md.validateLink = (url: string) => SAFE_URL.test(url.trim());

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet("href") ?? "");
  if (/^https?:\/\//i.test(href)) token.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

md.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
  const inline = tokens[idx + 1];
  const text = inline?.children?.map((t) => t.content).join("") ?? "";
  const id = slugify(text);
  if (id) tokens[idx]!.attrSet("id", id);
  return self.renderToken(tokens, idx, options);
};

/** Sanitised HTML for a Markdown source. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** Plain text of a Markdown source (for descriptions and structured data): the rendered HTML without tags, collapsed. */
export function markdownText(source: string): string {
  return md
    .render(source)
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}
