/**
 * The redirect table (§2 "Redirects") as pure domain code: the worker's redirect middleware calls
 * `matchRedirect` for every page request. Paths are matched case-insensitively with the trailing slash
 * removed; the query string is always kept; a target is only ever a safe path of this site (no open redirect:
 * shared/safe-path.ts).
 */

import { sitePathOrNull } from "./safe-path";

export type RedirectStatus = 301 | 302 | 308;

export interface Redirect {
  location: string;
  status: RedirectStatus;
}

interface Rule {
  /** Matched against the normalised, lowercased path. */
  pattern: RegExp;
  /** Builds the target path from the match groups (taken from the original-case path). */
  target: (groups: string[]) => string;
  status: RedirectStatus;
}

const SEGMENT = "([^/]+)";

/** The fixed redirect table. Landing pages under /diamonds/slp/… are not search ids and are left alone. */
const RULES: readonly Rule[] = [
  { pattern: /^\/testimonials$/, target: () => "/reviews", status: 301 },
  { pattern: /^\/relationship-insurance$/, target: () => "/", status: 301 },
  { pattern: /^\/diamond$/, target: () => "/diamonds", status: 301 },
  { pattern: new RegExp(`^/diamonds/(?!slp$)${SEGMENT}$`), target: ([id]) => `/diamond-search/${id}`, status: 301 },
  {
    pattern: new RegExp(`^/complete-order/${SEGMENT}(?:/${SEGMENT})?(?:/${SEGMENT})?$`),
    target: (groups) => `/cart/${groups.filter(Boolean).join("/")}`,
    status: 301,
  },
];

/**
 * Alias path prefixes that render the same page as their primary path (§2): `/product/...` ≡ `/diamond/...`,
 * `/ring-detail/...` ≡ `/setting/...`, `/recover` ≡ `/financing-account-lookup`. The router registers both;
 * pages name the primary one as canonical.
 */
export const ALIASES: readonly { alias: string; primary: string }[] = [
  { alias: "/product", primary: "/diamond" },
  { alias: "/ring-detail", primary: "/setting" },
  { alias: "/recover", primary: "/financing-account-lookup" },
];

/** The primary path for an alias path (unchanged when `pathname` is not an alias). */
export function canonicalPath(pathname: string): string {
  for (const { alias, primary } of ALIASES) {
    if (pathname === alias || pathname.startsWith(`${alias}/`)) return primary + pathname.slice(alias.length);
  }
  return pathname;
}

/** Collapses repeated slashes and removes a trailing slash (the root stays "/"). */
export function normalizePath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") : "/";
}

function withQuery(path: string, search: string): string {
  if (!search || search === "?") return path;
  const [p, q] = path.split("?", 2);
  const own = q ? `${q}&` : "";
  return `${p}?${own}${search.replace(/^\?/, "")}`;
}

/**
 * The redirect for a request path, or null to serve it. `search` is the raw query string ("" or "?a=b").
 * Normalisation redirects (trailing slash, doubled slashes) are 301s to the same path.
 */
export function matchRedirect(pathname: string, search = ""): Redirect | null {
  const normal = normalizePath(pathname);
  const lower = normal.toLowerCase();
  for (const rule of RULES) {
    const m = rule.pattern.exec(lower);
    if (!m) continue;
    // Take parameter values from the original-case path so ids and slugs keep their case.
    const original = rule.pattern.flags.includes("i") ? m : new RegExp(rule.pattern.source, "i").exec(normal);
    const groups = (original ?? m).slice(1).map((g) => (g === undefined ? "" : g));
    const target = sitePathOrNull(withQuery(rule.target(groups), search));
    return target ? { location: target, status: rule.status } : null;
  }
  if (normal !== pathname) {
    const target = sitePathOrNull(withQuery(normal, search));
    return target ? { location: target, status: 301 } : null;
  }
  return null;
}

/** Paths handled by the legacy content map (§2: old /blog/{slug} and /education/diamond-{topic}). */
export function isLegacyContentPath(pathname: string): boolean {
  const p = normalizePath(pathname).toLowerCase();
  return /^\/blog\/[^/]+$/.test(p) || /^\/education\/diamond-[^/]+$/.test(p);
}

/** The key a legacy path is stored under in the legacy map: normalised and lowercased. */
export function legacyKey(pathname: string): string {
  return normalizePath(pathname).toLowerCase();
}

/**
 * Resolves a legacy content path through the data-driven map (`lookup` reads the table). Unsafe or missing
 * targets give null, so the request falls through to the router.
 */
export async function matchLegacyRedirect(
  pathname: string,
  search: string,
  lookup: (key: string) => Promise<{ to: string; status: number } | null>,
): Promise<Redirect | null> {
  if (!isLegacyContentPath(pathname)) return null;
  const entry = await lookup(legacyKey(pathname));
  if (!entry) return null;
  const target = sitePathOrNull(withQuery(entry.to, search));
  if (!target) return null;
  const status: RedirectStatus = entry.status === 302 || entry.status === 308 ? entry.status : 301;
  return { location: target, status };
}
