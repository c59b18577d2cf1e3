/**
 * The API proxy's configuration (issue 23 point 6; docs/decisions/045-api-proxy.md): which upstream serves each
 * `/api` group, how long a call may take (§9: 30,000 ms; tracking and essential calls 3,000 ms), and which GETs
 * are cached and for how long (§9: content 300 s, home 1 hour). Pure code: no Hono, no Workers globals.
 *
 * A group is the first path segment below `/api`, compared in lower case (the main API spells `SearchWizard` and
 * `searchWizard`, `Reports` and `reports`): `/api/content/item/Timer` is the group `content`.
 */

/** The bindings the proxy reads (worker/env.ts documents them; wrangler.toml's [vars] comments too). */
export interface ProxyBindings {
  /** The default upstream origin (and optional base path) of every group; "" = served here. */
  API_UPSTREAM?: string;
  /** JSON `{ "<group>": "<origin>" | "", "*": "<origin>" }`: per-group upstreams; "*" overrides API_UPSTREAM. */
  API_UPSTREAMS?: string;
}

/** Group → upstream base URL, "" meaning "served here". */
export interface UpstreamTable {
  /** Lower-case group → base URL or "". */
  readonly groups: ReadonlyMap<string, string>;
  /** The upstream of every group not in `groups` ("" = served here). */
  readonly fallback: string;
}

/** A parsed configuration and what was wrong with it (each problem is logged once per isolate). */
export interface ParsedUpstreams {
  table: UpstreamTable;
  problems: string[];
}

const GROUP_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/** Why `value` is not an upstream base URL, or null when it is one ("" is: it means "served here"). */
function urlProblem(value: unknown): string | null {
  if (value === "") return null;
  if (typeof value !== "string") return `must be a string (an http(s) origin, or "" for served here), not ${JSON.stringify(value)}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${JSON.stringify(value)} is not a URL`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `${JSON.stringify(value)} is not http(s)`;
  if (url.search || url.hash || url.username || url.password) return `${JSON.stringify(value)} must have no query, fragment or credentials`;
  return null;
}

/** A base URL without trailing slashes (the path below /api is appended after one). */
const trimmed = (base: string) => base.trim().replace(/\/+$/, "");

/**
 * Parses `API_UPSTREAM` and `API_UPSTREAMS`. Never throws: an invalid `API_UPSTREAM` is ignored (everything served
 * here), and an `API_UPSTREAMS` with any problem is ignored as a whole (half a table could send a group's calls,
 * bearer tokens included, to the wrong service), leaving `API_UPSTREAM` alone in effect.
 */
export function parseUpstreams(bindings: ProxyBindings): ParsedUpstreams {
  const problems: string[] = [];
  let fallback = trimmed(bindings.API_UPSTREAM ?? "");
  const defaultProblem = urlProblem(fallback);
  if (defaultProblem) {
    problems.push(`API_UPSTREAM ${defaultProblem}; ignored, /api is served here`);
    fallback = "";
  }
  const raw = bindings.API_UPSTREAMS?.trim() ?? "";
  if (!raw) return { table: { groups: new Map(), fallback }, problems };

  const tableProblems: string[] = [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    tableProblems.push(`is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const groups = new Map<string, string>();
  let star: string | undefined;
  if (tableProblems.length === 0 && (typeof json !== "object" || json === null || Array.isArray(json))) {
    tableProblems.push('must be a JSON object like {"content": "https://api.example", "*": ""}');
  } else if (tableProblems.length === 0) {
    for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
      const problem = urlProblem(typeof value === "string" ? trimmed(value) : value);
      if (problem) tableProblems.push(`"${key}" ${problem}`);
      if (key === "*") {
        star = typeof value === "string" ? trimmed(value) : "";
        continue;
      }
      if (!GROUP_NAME.test(key)) {
        tableProblems.push(`"${key}" is not a group name (the first path segment below /api, or "*")`);
        continue;
      }
      const group = key.toLowerCase();
      if (groups.has(group)) tableProblems.push(`"${key}" appears twice (groups are compared in lower case)`);
      groups.set(group, typeof value === "string" ? trimmed(value) : "");
    }
  }
  if (tableProblems.length) {
    problems.push(...tableProblems.map((p) => `API_UPSTREAMS ${p}`), "API_UPSTREAMS ignored as a whole: API_UPSTREAM alone decides");
    return { table: { groups: new Map(), fallback }, problems };
  }
  return { table: { groups, fallback: star ?? fallback }, problems };
}

/** The group of a request path (`/api/Content/item/x` → `content`); "" for `/api` itself. */
export function groupOf(pathname: string): string {
  const below = pathname.replace(/^\/api(\/|$)/, "");
  const segment = below.split("/")[0] ?? "";
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** The upstream base URL of a group, or "" when the worker serves it. */
export function upstreamFor(table: UpstreamTable, group: string): string {
  return table.groups.get(group) ?? table.fallback;
}

/** §9's call timeouts; tests inject short ones. */
export interface TimeoutPolicy {
  /** Every call not listed below (§9 "HTTP timeout 30000 ms"). */
  standardMs: number;
  /** Tracking and essential calls (§9 "tracking and essential calls 3000 ms", "version request 3000 ms"). */
  essentialMs: number;
  /** `content/item/MarketingConfigurations` (§7: "5 s timeout, cached 300 s"). */
  marketingConfigurationsMs: number;
}

/** The spec's timeouts. */
export const DEFAULT_TIMEOUTS: TimeoutPolicy = { standardMs: 30_000, essentialMs: 3_000, marketingConfigurationsMs: 5_000 };

/**
 * The groups whose calls get the essential timeout: the tracking service's calls (§7 "Tracking POSTs", getfbc,
 * savefbc, getorder, pageview; the click and view logging), and the calls a page's start waits on (version,
 * appconfig). A tracking call is not worth holding a visitor for; a version check that is late means "no update".
 */
export const ESSENTIAL_GROUPS: ReadonlySet<string> = new Set(["tracking", "version", "appconfig", "getfbc", "savefbc", "getorder", "pageview", "logging"]);

/** The timeout of a call to `pathBelowApi` (e.g. `content/item/Timer`). */
export function timeoutFor(pathBelowApi: string, policy: TimeoutPolicy = DEFAULT_TIMEOUTS): number {
  const path = pathBelowApi.toLowerCase();
  if (path === "content/item/marketingconfigurations") return policy.marketingConfigurationsMs;
  return ESSENTIAL_GROUPS.has(groupOf(`/api/${path}`)) ? policy.essentialMs : policy.standardMs;
}

/** §9 "content cache default 300 s". */
export const CONTENT_TTL_SECONDS = 300;
/** §9 "Home cache 1 hour". */
export const HOME_TTL_SECONDS = 3600;
/** The home page's data calls (§7: `info/home`, and `info/index` "cached 1 hour"): the "home" of §9's home cache. */
export const HOME_PATHS: ReadonlySet<string> = new Set(["info/home", "info/index"]);

/**
 * How long a GET of `pathBelowApi` may be kept in the edge cache, in seconds, or null when it is never cached:
 * the content group 300 s (but not `content/admin`, the editors' calls), the home data 1 hour, nothing else.
 */
export function cacheTtlFor(pathBelowApi: string): number | null {
  const path = pathBelowApi.toLowerCase().replace(/\/+$/, "");
  if (HOME_PATHS.has(path)) return HOME_TTL_SECONDS;
  const group = groupOf(`/api/${path}`);
  if (group === "content" && !/^content\/admin(\/|$)/.test(path)) return CONTENT_TTL_SECONDS;
  return null;
}
