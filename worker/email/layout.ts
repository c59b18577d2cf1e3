/**
 * The one email layout, in two bodies from the same content: a one-column, inline-styled HTML body (what
 * mail clients render; no stylesheet, no images, no scripts) and a plain-text body. Templates
 * (templates.ts) describe an email as blocks; every link is a button in HTML and also written out as
 * plain text, so a client that blocks the button, or a text-only reader, still has the address.
 * Every value is escaped here: templates pass raw strings.
 */

/** A part of an email's content. */
export type Block =
  | { kind: "p"; text: string }
  /** A call to action: a button in HTML, followed by the address as a plain link. */
  | { kind: "button"; label: string; href: string }
  /** A short code the reader types (a promo code), set apart. */
  | { kind: "code"; text: string }
  /** A one-click rating: what is rated, then one link per star count (`links[i]` gives i + 1 stars). */
  | { kind: "stars"; label: string; links: readonly string[] };

/** What a template says; the layout turns it into the HTML and text bodies. */
export interface EmailContent {
  subject: string;
  /** The first line mail clients preview (hidden in the HTML body). */
  preheader: string;
  heading: string;
  blocks: Block[];
  /** Marketing emails: the one-click unsubscribe address (also in the List-Unsubscribe header). */
  unsubscribeLink?: string | null;
}

/** A link of the email: what the reader clicks, and where it goes. */
export interface EmailLink {
  label: string;
  href: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes a value for HTML text and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** An address for an `href`: only http(s) links are kept (anything else, say `javascript:`, becomes `#`). */
export function safeHref(url: string): string {
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : "#";
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT = `${FONT};font-size:16px;line-height:1.5;color:#1a1a1a;margin:0 0 16px`;
const BUTTON = `${FONT};display:inline-block;background:#1f4e79;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;padding:12px 24px;border-radius:4px`;
const STAR = `${FONT};display:inline-block;color:#b8860b;font-size:18px;text-decoration:none;padding:6px 8px;border:1px solid #d9d9d9;border-radius:4px;margin:0 4px 6px 0`;
const SMALL = `${FONT};font-size:13px;line-height:1.5;color:#4a4a4a;margin:0 0 8px`;

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "p":
      return `<p style="${TEXT}">${escapeHtml(block.text)}</p>`;
    case "code":
      return `<p style="${TEXT};font-size:22px;font-weight:700;letter-spacing:2px;border:2px dashed #1f4e79;padding:12px;text-align:center">${escapeHtml(block.text)}</p>`;
    case "button": {
      const href = escapeHtml(safeHref(block.href));
      return (
        `<p style="margin:24px 0 8px"><a href="${href}" style="${BUTTON}">${escapeHtml(block.label)}</a></p>` +
        `<p style="${SMALL}">Or open this link: <a href="${href}" style="color:#1f4e79;word-break:break-all">${escapeHtml(block.href)}</a></p>`
      );
    }
    case "stars": {
      const stars = block.links.map((href, i) => {
        const n = i + 1;
        const name = `${n} ${n === 1 ? "star" : "stars"}`;
        return `<a href="${escapeHtml(safeHref(href))}" title="${name}" aria-label="${escapeHtml(`${block.label}: ${name}`)}" style="${STAR}">${"★".repeat(n)}</a>`;
      });
      return `<p style="${TEXT}">${escapeHtml(block.label)}</p><p style="margin:0 0 20px">${stars.join(" ")}</p>`;
    }
  }
}

/** The HTML body: a complete document, one 560-pixel column, inline styles only. */
export function renderHtml(content: EmailContent): string {
  const unsubscribe = content.unsubscribeLink
    ? `<p style="${SMALL}">You are receiving this because you left your email with Loupe. <a href="${escapeHtml(safeHref(content.unsubscribeLink))}" style="color:#4a4a4a">Unsubscribe</a></p>`
    : "";
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f4">',
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:6px"><tr><td style="padding:32px 28px">',
    `<p style="${FONT};font-size:20px;font-weight:700;color:#1f4e79;margin:0 0 24px">Loupe</p>`,
    `<h1 style="${FONT};font-size:24px;line-height:1.3;color:#1a1a1a;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`,
    ...content.blocks.map(blockHtml),
    '<hr style="border:none;border-top:1px solid #e0e0e0;margin:28px 0 16px">',
    `<p style="${SMALL}">Loupe · loose diamonds, engagement rings and fine jewellery</p>`,
    unsubscribe,
    "</td></tr></table></td></tr></table></body></html>",
  ].join("");
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "p":
      return block.text;
    case "code":
      return `    ${block.text}`;
    case "button":
      return `${block.label}:\n${block.href}`;
    case "stars":
      return [`${block.label}:`, ...block.links.map((href, i) => `${i + 1} ${i === 0 ? "star" : "stars"}: ${href}`)].join("\n");
  }
}

/** The plain-text body: the same content, each link on its own line. */
export function renderText(content: EmailContent): string {
  const parts = [content.heading, ...content.blocks.map(blockText), "--\nLoupe · loose diamonds, engagement rings and fine jewellery"];
  if (content.unsubscribeLink) parts.push(`Unsubscribe: ${content.unsubscribeLink}`);
  return `${parts.join("\n\n")}\n`;
}

/** The email's links in reading order (buttons and star links, then the unsubscribe link). */
export function contentLinks(content: EmailContent): EmailLink[] {
  const links: EmailLink[] = [];
  for (const block of content.blocks) {
    if (block.kind === "button") links.push({ label: block.label, href: block.href });
    if (block.kind === "stars") block.links.forEach((href, i) => links.push({ label: `${block.label}: ${i + 1} ${i === 0 ? "star" : "stars"}`, href }));
  }
  if (content.unsubscribeLink) links.push({ label: "Unsubscribe", href: content.unsubscribeLink });
  return links;
}
