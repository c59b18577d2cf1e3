/**
 * §4 version checking and §5 "the version response must have numeric major, minor and patch": pure parsing,
 * validation and the update decision, shared by the worker (`GET /api/version?env=`) and the browser's check
 * (client/version/). No schema library here: the browser bundles this module.
 */

/** A version as `GET /api/version?env=` answers it. */
export interface VersionParts {
  major: number;
  minor: number;
  patch: number;
}

/** §8: why a version check decided "no update needed". */
export const VERSION_REASONS = {
  /** The latest release for the environment (`GET /api/version?env=`) could not be read. */
  dynamicUnavailable: "Dynamic version info unavailable",
  /** The running server's own version (`GET /api/version`) could not be read. */
  staticUnavailable: "Static version info unavailable",
  noData: "No data in response",
  invalidFormat: "Invalid version format",
} as const;
export type VersionReason = (typeof VERSION_REASONS)[keyof typeof VERSION_REASONS];

/** A read version: its parts, or why there are none. */
export type VersionRead = { ok: true; version: VersionParts } | { ok: false; reason: VersionReason };

const isPart = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;

/**
 * Validates a `{ major, minor, patch }` answer: no body (null, undefined, an empty object) is 'No data in
 * response'; anything without three whole non-negative numbers is 'Invalid version format' (a numeric
 * string "3" is not a number).
 */
export function readVersionParts(data: unknown): VersionRead {
  if (data === null || data === undefined || data === "") return { ok: false, reason: VERSION_REASONS.noData };
  if (typeof data !== "object" || Array.isArray(data)) return { ok: false, reason: VERSION_REASONS.invalidFormat };
  if (Object.keys(data).length === 0) return { ok: false, reason: VERSION_REASONS.noData };
  const { major, minor, patch } = data as Record<string, unknown>;
  if (!isPart(major) || !isPart(minor) || !isPart(patch)) return { ok: false, reason: VERSION_REASONS.invalidFormat };
  return { ok: true, version: { major, minor, patch } };
}

/** `"1.3.98"` → its parts; null for anything but three dot-separated whole numbers. */
export function parseVersion(text: unknown): VersionParts | null {
  if (typeof text !== "string") return null;
  const m = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})$/.exec(text.trim());
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) } : null;
}

/**
 * Validates a `{ environment, version }` answer (`GET /api/version`): its `version` text as parts, with the
 * same reasons as readVersionParts.
 */
export function readRunningVersion(data: unknown): VersionRead & { environment?: string } {
  if (data === null || data === undefined || data === "") return { ok: false, reason: VERSION_REASONS.noData };
  if (typeof data !== "object" || Array.isArray(data)) return { ok: false, reason: VERSION_REASONS.invalidFormat };
  if (Object.keys(data).length === 0) return { ok: false, reason: VERSION_REASONS.noData };
  const { version, environment } = data as Record<string, unknown>;
  const parts = parseVersion(version);
  if (!parts) return { ok: false, reason: VERSION_REASONS.invalidFormat };
  return { ok: true, version: parts, ...(typeof environment === "string" ? { environment } : {}) };
}

/** `{ 1, 3, 98 }` → `"1.3.98"`. */
export function formatVersion(v: VersionParts): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

/** Negative when `a` is older than `b`, 0 when equal, positive when newer (major, then minor, then patch). */
export function compareVersions(a: VersionParts, b: VersionParts): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/**
 * §4: update (purge and reload) only when the bundle the page runs is older than the latest release AND the
 * server answering is already that release — during a gradual deployment an older server may still answer,
 * and reloading onto it would load the same old bundle again.
 */
export function needsUpdate({ bundled, running, latest }: { bundled: VersionParts; running: VersionParts; latest: VersionParts }): boolean {
  return compareVersions(bundled, latest) < 0 && compareVersions(running, latest) >= 0;
}

/** §4: the paths a version update never reloads (a shopper mid-purchase keeps the page). */
export function reloadAllowed(pathname: string): boolean {
  return !pathname.includes("/cart") && !pathname.includes("/checkout");
}

/** The slice of Web Crypto a random number needs. */
export interface RandomSource {
  getRandomValues(array: Uint32Array): Uint32Array;
}

/**
 * §7 `GET /generateRandomNumber`: a uniformly random 32-bit unsigned integer from the platform's
 * cryptographic source. §8 "Absence of a crypto random source throws": no Math.random fallback.
 */
export function cryptoRandomNumber(source: RandomSource | undefined = (globalThis as { crypto?: RandomSource }).crypto): number {
  if (!source || typeof source.getRandomValues !== "function") throw new Error("No crypto random source available");
  return source.getRandomValues(new Uint32Array(1))[0]!;
}
