/**
 * Cloudflare Access in front of the operators' pages and calls (staging and production;
 * docs/decisions/056-operator-access.md). Access signs in the operator (the company's identity provider) and adds
 * `Cf-Access-Jwt-Assertion` to every request it lets through; the worker checks that JWT itself — RS256 signature
 * against the team's published keys, `iss` the team domain, `aud` the application's tag, not expired — so a
 * request that reached the worker another way (workers.dev, a misconfigured route) is no operator. The operator
 * is the token's `email` claim (a service token has none: not an operator).
 *
 * The keys are jose's remote key set, one per certs URL and isolate: fetched on first use, kept 10 minutes, fetched
 * again at once for a token signed with a key we do not hold (Access rotates its keys), at most once per 30 s.
 */
import { createRemoteJWKSet, errors, jwtVerify } from "jose";

/** The bindings Access reads (vars; see README, Configuration). */
export interface AccessBindings {
  /** The Access team domain, e.g. `loupe.cloudflareaccess.com` (the tokens' issuer is `https://` + it). */
  ACCESS_TEAM_DOMAIN?: string;
  /** The Access application's audience (AUD) tag. */
  ACCESS_AUD?: string;
}

/**
 * Where the team's keys are read: `https://{team domain}/cdn-cgi/access/certs` unless a test points it at a loopback
 * fake (never configuration: a deployed worker cannot be told to trust other keys).
 */
export const accessKeysSource: { certsUrl: string | null } = { certsUrl: null };

export interface AccessConfig {
  issuer: string;
  audience: string;
  certsUrl: string;
}

/** Allowed difference between our clock and Access's for `exp`, `nbf` and `iat`. */
export const ACCESS_CLOCK_TOLERANCE_SECONDS = 60;
const KEYS_MAX_AGE_MS = 600_000;
const KEYS_COOLDOWN_MS = 30_000;
const KEYS_TIMEOUT_MS = 5_000;

const setting = (value: string | undefined): string | null => {
  const v = value?.trim();
  return v ? v : null;
};

/** From env: the team domain and audience (both, or null: nobody is an operator), and the keys' URL. */
export function accessConfig(env: AccessBindings): AccessConfig | null {
  const domain = setting(env.ACCESS_TEAM_DOMAIN)
    ?.replace(/^https:\/\//i, "")
    .replace(/\/+$/, "")
    .toLowerCase();
  const audience = setting(env.ACCESS_AUD);
  if (!domain || !audience || !/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(domain)) return null;
  const issuer = `https://${domain}`;
  return { issuer, audience, certsUrl: accessKeysSource.certsUrl ?? `${issuer}/cdn-cgi/access/certs` };
}

/** Per isolate: the key set of each certs URL (one in production; the tests use one per key pair). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keysOf(certsUrl: string): ReturnType<typeof createRemoteJWKSet> {
  let keys = keySets.get(certsUrl);
  if (!keys) {
    if (keySets.size >= 32) keySets.clear();
    keys = createRemoteJWKSet(new URL(certsUrl), {
      cacheMaxAge: KEYS_MAX_AGE_MS,
      cooldownDuration: KEYS_COOLDOWN_MS,
      timeoutDuration: KEYS_TIMEOUT_MS,
    });
    keySets.set(certsUrl, keys);
  }
  return keys;
}

/** What is wrong with the token itself (a forgery, an old or foreign token): not worth a log line. */
const TOKEN_PROBLEMS = [
  errors.JWTClaimValidationFailed,
  errors.JWTExpired,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

/** The operator's email from an Access JWT, or null for anything not valid (logged when the keys could not be read). */
export async function accessEmail(token: string, config: AccessConfig, now: number): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keysOf(config.certsUrl), {
      algorithms: ["RS256"],
      issuer: config.issuer,
      audience: config.audience,
      clockTolerance: ACCESS_CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(now),
      requiredClaims: ["exp", "email"],
    });
    const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
    return EMAIL.test(email) ? email : null;
  } catch (e) {
    if (!TOKEN_PROBLEMS.some((kind) => e instanceof kind))
      console.error(JSON.stringify({ level: "error", message: "access_keys_unavailable", detail: `${config.certsUrl}: ${String(e)}` }));
    return null;
  }
}
