/**
 * The valibot pieces of every input field that holds a web address or a path of this site
 * (docs/decisions/051-safe-redirects-and-stored-urls.md): refused with a 400 whose problem names the field.
 */
import * as v from "valibot";
import { sitePathOrNull } from "./safe-path";
import { isHttpsUrl, isHttpUrl, MAX_URL_LENGTH } from "./safe-url";

/** The valibot schema of a field holding an absolute http(s) address (trimmed), its problems naming `field`. */
export function httpUrl(field: string) {
  return v.pipe(
    v.string(`${field} must be text`),
    v.trim(),
    v.maxLength(MAX_URL_LENGTH, `${field} is at most ${MAX_URL_LENGTH} characters`),
    v.check((s: string) => isHttpUrl(s), `${field} must be an http:// or https:// address`),
  );
}

/** The valibot schema of a field holding a path of this site: refused unless safe (shared/safe-path.ts), then normalised. */
export function sitePath(field: string, max = MAX_URL_LENGTH) {
  return v.pipe(
    v.string(`${field} must be text`),
    v.maxLength(max, `${field} is at most ${max} characters`),
    v.check((s) => sitePathOrNull(s) !== null, `${field} must be a path on this site`),
    v.transform((s) => sitePathOrNull(s) ?? "/"),
  );
}

/**
 * The valibot schema of a link an operator writes: a safe path of this site or an absolute address (`https:`
 * only with `httpsOnly`); `message` is the refusal.
 */
export function linkOrPath(message: string, { max = MAX_URL_LENGTH, httpsOnly = false }: { max?: number; httpsOnly?: boolean } = {}) {
  const web = httpsOnly ? isHttpsUrl : isHttpUrl;
  return v.pipe(
    v.string(message),
    v.trim(),
    v.maxLength(max, `At most ${max} characters`),
    v.check((s) => web(s) || sitePathOrNull(s) !== null, message),
  );
}
