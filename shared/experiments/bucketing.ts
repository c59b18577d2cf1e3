/**
 * Bucketing (§4 Experiments), pure: which variant (0 control, 1 test) a visitor sees of each experiment,
 * and which experiment cookies the response sets. The worker's middleware gathers the inputs (cookies,
 * `request.cf`, platform, the new-user cookie, `exc`/`exv`) and hands the result to SSR, so the first byte
 * already shows the visitor's variants (docs/decisions/009-experiments.md).
 *
 * Order for one experiment:
 * 1. disabled → off (control, no cookie), whatever else;
 * 2. forced by `exc`/`exv` → that variant, written to its cookie (a marketer's preview works even before
 *    the start, on another platform, for a returning visitor);
 * 3. deactivated — platform mismatch, new users only with a returning visitor who has no cookie, or a
 *    start in the future → control, no cookie; unless `enableForAlreadyGeneratedCookies` and the visitor
 *    has a cookie, which then counts;
 * 4. a variant method (by US country or California state, from `request.cf`) → by location, no cookie;
 * 5. the visitor's cookie (0 or 1) → that variant;
 * 6. a variant fixed on the experiment → that variant, no cookie (it replaces the random choice);
 * 7. `stopNewCookies` → control, no cookie;
 * 8. the 50/50 split (an injectable source: by default a hash of the visitor id and the experiment name,
 *    so parallel first requests agree) → written to a new cookie for 365 days.
 */
import type { DevicePlatform } from "../bots";
import type { Experiment } from "./definitions";

export type Variant = 0 | 1;

/** Experiment name → variant: what SSR and the client read. */
export type Variants = Record<string, Variant>;

export type AssignmentSource = "disabled" | "forced" | "deactivated" | "location" | "cookie" | "fixed" | "stopped" | "split";

export interface Assignment {
  variant: Variant;
  source: AssignmentSource;
  /** Set the experiment's cookie to the variant on this response. */
  writeCookie: boolean;
}

export interface BucketingInput {
  visitorId: string;
  /** Cookie name → value, as the request sent them. */
  cookies: Readonly<Record<string, string>>;
  /** From `exc`/`exv`: cookie name → forced variant. */
  forced: ReadonlyMap<string, Variant>;
  isNewUser: boolean;
  platform: DevicePlatform;
  countryCode: string | null;
  regionCode: string | null;
  now: number;
}

/** A number in [0, 1) for this visitor and experiment: the 50/50 split (< 0.5 is the control). */
export type SplitSource = (visitorId: string, experiment: Experiment) => number;

/** FNV-1a (32-bit) of the visitor id and the experiment name, scaled to [0, 1): stable, even, no I/O. */
export const hashSplit: SplitSource = (visitorId, experiment) => {
  let h = 0x811c9dc5;
  const s = `${visitorId}:${experiment.name}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // A final avalanche (murmur3's fmix32), so ids that differ in one character spread evenly.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
};

const cookieVariant = (v: string | undefined): Variant | null => (v === "0" ? 0 : v === "1" ? 1 : null);

/** Why an experiment is off for this visitor (§4 deactivation), or null. */
export function deactivation(e: Experiment, input: BucketingInput): "disabled" | "platform" | "new-users-only" | "not-started" | null {
  if (e.disabled) return "disabled";
  if (e.platform !== "all" && e.platform !== input.platform) return "platform";
  if (e.newUsersOnly && !input.isNewUser && cookieVariant(input.cookies[e.cookie]) === null) return "new-users-only";
  if (e.startsAt !== null && Date.parse(e.startsAt) > input.now) return "not-started";
  return null;
}

export function assign(e: Experiment, input: BucketingInput, split: SplitSource = hashSplit): Assignment {
  if (e.disabled) return { variant: 0, source: "disabled", writeCookie: false };
  const forced = input.forced.get(e.cookie);
  if (forced !== undefined) return { variant: forced, source: "forced", writeCookie: true };
  const cookie = cookieVariant(input.cookies[e.cookie]);
  if (deactivation(e, input)) {
    if (e.enableForAlreadyGeneratedCookies && cookie !== null) return { variant: cookie, source: "cookie", writeCookie: false };
    return { variant: 0, source: "deactivated", writeCookie: false };
  }
  if (e.variantMethod === "location-us") return { variant: input.countryCode === "US" ? 1 : 0, source: "location", writeCookie: false };
  if (e.variantMethod === "state-ca")
    return { variant: input.countryCode === "US" && input.regionCode === "CA" ? 1 : 0, source: "location", writeCookie: false };
  if (cookie !== null) return { variant: cookie, source: "cookie", writeCookie: false };
  if (e.variant !== null) return { variant: e.variant, source: "fixed", writeCookie: false };
  if (e.stopNewCookies) return { variant: 0, source: "stopped", writeCookie: false };
  return { variant: split(input.visitorId, e) < 0.5 ? 0 : 1, source: "split", writeCookie: true };
}

/** Every experiment's assignment for one visitor. */
export function assignAll(experiments: readonly Experiment[], input: BucketingInput, split: SplitSource = hashSplit): Map<Experiment, Assignment> {
  return new Map(experiments.map((e) => [e, assign(e, input, split)]));
}

/**
 * `exc` and `exv` (§4): comma lists pairing experiment cookie names (any letter case) with variants.
 * Unknown names and values other than 0 and 1 are ignored (that pair only); the lists pair by position.
 */
export function parseForcing(exc: string | null | undefined, exv: string | null | undefined, knownCookies: Iterable<string>): Map<string, Variant> {
  const out = new Map<string, Variant>();
  if (!exc || exv === null || exv === undefined) return out;
  const byLower = new Map([...knownCookies].map((c) => [c.toLowerCase(), c]));
  const values = exv.split(",").map((s) => s.trim());
  exc.split(",").forEach((raw, i) => {
    const cookie = byLower.get(raw.trim().toLowerCase());
    const v = cookieVariant(values[i]);
    if (v !== null && cookie) out.set(cookie, v);
  });
  return out;
}

/** §4 states: inactive (disabled), scaled (variant 1 and success, no new cookies), targeted. */
export const isInactive = (e: Experiment) => e.disabled;
export const isScaled = (e: Experiment) => e.variant === 1 && e.success && e.stopNewCookies;

/** Targeted: active and either successful or variant 1 for this visitor (§4) — e.g. Similar_Rings_As_Grid shows 12. */
export function isTargeted(e: Experiment, variant: Variant): boolean {
  return e.active && !e.disabled && (e.success || variant === 1);
}

/**
 * The experience a visitor gets (what pages render and features read): the test behaviour (1) when the
 * experiment targets them — active, not off for them, and successful or in variant 1 — else the control
 * (0). A variant forced with exc/exv is shown as forced, so a marketer can still see a winner's control.
 */
export function experience(e: Experiment, a: Assignment): Variant {
  if (a.source === "forced") return a.variant;
  return targets(e, a) ? 1 : 0;
}

/** Whether the experiment targets the visitor as assigned: not off for them (disabled, deactivated) and targeted (§4). */
export function targets(e: Experiment, a: Assignment): boolean {
  return a.source !== "disabled" && a.source !== "deactivated" && isTargeted(e, a.variant);
}
