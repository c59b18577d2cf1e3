/**
 * Web addresses that are stored or echoed (docs/decisions/051-safe-redirects-and-stored-urls.md): an absolute
 * `http:`/`https:` URL, at most 2,048 characters. The input schemas (shared/url-schemas.ts) accept only these (or a
 * safe path of this site: shared/safe-path.ts); the pages render a stored address as a link only when `safeHref`
 * accepts it — so a row written before these checks (or by another writer) is shown as text, never as a
 * `javascript:` link. No valibot here: the pages import this without the schemas.
 */
import { sitePathOrNull } from "./safe-path";

export const MAX_URL_LENGTH = 2048;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\s\u200b-\u200f\u2028\u2029\ufeff]/u;

/**
 * True for an absolute web address: `http://` or `https://` then a host, no user name or password, no
 * backslash, whitespace or control character, at most 2,048 characters.
 */
export function isHttpUrl(raw: unknown): raw is string {
  if (typeof raw !== "string" || raw.length > MAX_URL_LENGTH) return false;
  if (!/^https?:\/\/[^/\\]/i.test(raw) || raw.includes("\\") || CONTROL_OR_SPACE.test(raw)) return false;
  try {
    const url = new URL(raw);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** True for an `https:` address `isHttpUrl` accepts. */
export function isHttpsUrl(raw: unknown): raw is string {
  return isHttpUrl(raw) && /^https:/i.test(raw);
}

/** What a page may put in an `href` for a stored address: the address when it is http(s) or a safe site path, else null (show it as text). */
export function safeHref(raw: unknown): string | null {
  if (isHttpUrl(raw)) return raw;
  return sitePathOrNull(raw);
}
