/**
 * The one check of a redirect target or a stored link to a page of this site (docs/decisions/051-safe-redirects-and-stored-urls.md).
 * Every `returnUrl`, `returnTo`, form field, chat `page` and redirect-table target goes through `safePath`: the
 * worker and the pages use this same code.
 *
 * The check is made on the FINAL target — the path a browser resolves the value to (WHATWG URL) — not only on what
 * was sent: `/.//evil.com` resolves to `//evil.com`, a protocol-relative address of another host, so it is
 * refused even though it starts with one slash. A safe target is a path on this site (path, optional query and
 * hash) that, resolved against the site's origin by a browser, stays on that origin with the same path.
 */

/** The longest target kept (a longer one is refused). */
export const MAX_PATH_LENGTH = 2048;

/** A placeholder origin to resolve against: a safe target keeps it, whatever the site's real origin. */
const BASE = "https://loupe.invalid";

/** C0 and C1 control characters, DEL, and every whitespace (tabs and newlines are stripped by URL parsers). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\s\u200b-\u200f\u2028\u2029\ufeff]/u;

/** A percent-encoded "/" or "\" (also double-, triple-… encoded: `%252f`). */
const ENCODED_SLASH = /%(?:25)*(?:2f|5c)/i;

/** A percent-encoded control character (also multiply encoded: `%250a`). */
const ENCODED_CONTROL = /%(?:25)*(?:[01][0-9a-f]|7f)/i;

/** The path part of a target (before its query or hash). */
function pathPart(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/** The shape rules, applied both to what was sent and to what it resolves to. */
function wellFormed(target: string): boolean {
  if (target.length === 0 || target.length > MAX_PATH_LENGTH) return false;
  if (target[0] !== "/" || target[1] === "/" || target[1] === "\\") return false;
  if (target.includes("\\") || CONTROL_OR_SPACE.test(target)) return false;
  const path = pathPart(target);
  return !path.includes("//") && !ENCODED_SLASH.test(path) && !ENCODED_CONTROL.test(path);
}

/** `target` as a browser resolves it against the site (path + query + hash), or null when it leaves the site. */
function resolved(target: string): string | null {
  try {
    const url = new URL(target, BASE);
    if (url.origin !== BASE || url.username !== "" || url.password !== "") return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/**
 * The normalised path on this site that `raw` names, or null when it is not one: not a string, too long, not
 * starting with exactly one "/", holding a backslash, whitespace or a control character, a doubled slash or an
 * encoded slash or backslash in its path, or resolving (dot segments and all) to anything else.
 */
export function sitePathOrNull(raw: unknown): string | null {
  if (typeof raw !== "string" || !wellFormed(raw)) return null;
  const target = resolved(raw);
  // The final target must itself be well formed, and stable: resolving it again gives the same path.
  if (target === null || !wellFormed(target) || resolved(target) !== target) return null;
  return target;
}

/** The path on this site that `raw` names (normalised), or `fallback` when it is anything else. */
export function safePath(raw: unknown, fallback = "/"): string {
  return sitePathOrNull(raw) ?? fallback;
}
