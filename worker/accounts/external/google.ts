/**
 * Google sign-in, the verifying half: an ID token (from Google Identity Services' button, or posted back by
 * Google's authorization endpoint in the no-JavaScript flow) is checked as Google's "Verify the Google ID token
 * on your server side" asks — RS256 signature against Google's published keys, `iss` accounts.google.com,
 * `aud` our client id, not expired — with jose, and becomes an ExternalProfile.
 *
 * The keys are cached per isolate and per certs URL for as long as Google's Cache-Control allows (1 hour when
 * it says nothing; 1 minute to 1 day), and fetched again at once for a token signed with a key we do not hold
 * (Google publishes a new key before signing with it), at most once per 30 s so forged kids cannot make us
 * hammer Google. This is createRemoteJWKSet's policy, kept here so the clock is the caller's `now`.
 */
import { createLocalJWKSet, decodeProtectedHeader, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from "jose";
import { DomainError, refused } from "#shared/refusal.ts";
import type { GoogleConfig } from "./config";
import { type ExternalProfile, PROVIDER_TIMEOUT_MS, ProviderUnavailable, providerFetch } from "./profile";

/** The `iss` values Google's ID tokens carry. */
export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
/** Allowed difference between our clock and Google's for `exp`, `nbf` and `iat`. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** The shortest time between two key fetches caused by a token with an unknown key. */
export const KEYS_REFETCH_COOLDOWN_MS = 30_000;
const KEYS_MAX_AGE_DEFAULT_MS = 3_600_000;
const KEYS_MAX_AGE_MIN_MS = 60_000;
const KEYS_MAX_AGE_MAX_MS = 86_400_000;

interface KeySet {
  resolve: ReturnType<typeof createLocalJWKSet>;
  fetchedAt: number;
  expiresAt: number;
}

/** Per isolate: the keys of each certs URL (one in production; the tests use several). */
const keySets = new Map<string, KeySet>();

function maxAgeOf(cacheControl: string | null): number {
  const m = cacheControl?.match(/(?:^|,)\s*max-age=(\d+)/i);
  if (!m) return KEYS_MAX_AGE_DEFAULT_MS;
  return Math.min(KEYS_MAX_AGE_MAX_MS, Math.max(KEYS_MAX_AGE_MIN_MS, Number(m[1]) * 1000));
}

const isKeySet = (v: unknown): v is JSONWebKeySet =>
  typeof v === "object" &&
  v !== null &&
  Array.isArray((v as { keys?: unknown }).keys) &&
  (v as { keys: unknown[] }).keys.every((k) => typeof k === "object" && k !== null);

async function fetchKeys(config: GoogleConfig, now: number): Promise<KeySet> {
  const where = `GET ${config.certsUrl}`;
  let res: Response;
  try {
    res = await providerFetch(config.fetch)(config.certsUrl, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (e) {
    throw new ProviderUnavailable("google", `${where} failed: ${String(e)}`, { cause: e });
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new ProviderUnavailable("google", `${where} answered ${res.status}`);
  }
  const json: unknown = await res.json().catch(() => null);
  if (!isKeySet(json)) throw new ProviderUnavailable("google", `${where} did not answer a JSON Web Key Set`);
  const set: KeySet = { resolve: createLocalJWKSet(json), fetchedAt: now, expiresAt: now + maxAgeOf(res.headers.get("cache-control")) };
  keySets.set(config.certsUrl, set);
  return set;
}

/** What the shopper is told for each way a token fails (all 401: nothing about the token can be trusted). */
function refusalFor(e: unknown): never {
  if (e instanceof ProviderUnavailable || e instanceof DomainError) throw e;
  if (e instanceof errors.JWTExpired) refused("unauthorized", "The Google sign-in has expired; sign in again");
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === "aud") refused("unauthorized", "The Google sign-in was made for another application");
    if (e.claim === "iss") refused("unauthorized", "The Google sign-in was not issued by Google");
    if (e.claim === "nbf" || e.claim === "iat") refused("unauthorized", "The Google sign-in is not valid yet; check your device's clock");
  }
  if (e instanceof errors.JWKSNoMatchingKey) refused("unauthorized", "The Google sign-in is signed with a key Google does not publish");
  if (e instanceof errors.JWSSignatureVerificationFailed) refused("unauthorized", "The Google sign-in's signature is not valid");
  if (!(e instanceof errors.JOSEError)) console.warn("Google ID token verification failed unexpectedly", e);
  refused("unauthorized", "The Google sign-in token is not valid");
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
const httpsUrl = (v: unknown): string | null => (typeof v === "string" && v.startsWith("https://") ? v : null);

function profileOf(payload: JWTPayload): ExternalProfile {
  const email = text(payload.email) || null;
  const given = text(payload.given_name);
  return {
    provider: "google",
    subject: payload.sub!,
    email,
    // Older tokens carried the string "true".
    emailVerified: email !== null && (payload.email_verified === true || payload.email_verified === "true"),
    firstName: given || text(payload.name),
    lastName: given ? text(payload.family_name) : "",
    pictureUrl: httpsUrl(payload.picture),
  };
}

/**
 * Verifies a Google ID token: RS256 signature against the JWKS at certsUrl (cached per isolate, refetched on an
 * unknown kid), iss, aud = clientId, exp/iat with small clock tolerance, and `nonce` when expectedNonce is
 * given. Throws refused("unauthorized", "…") for anything invalid (never a 500), and ProviderUnavailable when
 * Google's keys cannot be fetched.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  config: GoogleConfig,
  options: { now?: number; expectedNonce?: string } = {},
): Promise<ExternalProfile> {
  const now = options.now ?? Date.now();
  // Not a JWS, or not RS256: refused before any key is fetched.
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(idToken).alg;
  } catch {
    alg = null;
  }
  if (alg !== "RS256") refused("unauthorized", "The Google sign-in token is not valid");
  let keys = keySets.get(config.certsUrl);
  if (!keys || now >= keys.expiresAt) keys = await fetchKeys(config, now);
  let payload: JWTPayload;
  try {
    payload = await verifyWith(idToken, keys, config, now);
  } catch (e) {
    if (!(e instanceof errors.JWKSNoMatchingKey) || now - keys.fetchedAt < KEYS_REFETCH_COOLDOWN_MS) refusalFor(e);
    // A key we do not hold yet: Google may have rotated since our copy.
    keys = await fetchKeys(config, now);
    try {
      payload = await verifyWith(idToken, keys, config, now);
    } catch (again) {
      refusalFor(again);
    }
  }
  if (typeof payload.sub !== "string" || !payload.sub) refused("unauthorized", "The Google sign-in token is not valid");
  if (typeof payload.iat === "number" && payload.iat > now / 1000 + CLOCK_TOLERANCE_SECONDS) {
    refused("unauthorized", "The Google sign-in is not valid yet; check your device's clock");
  }
  if (options.expectedNonce !== undefined && payload.nonce !== options.expectedNonce) {
    refused("unauthorized", "The Google sign-in does not belong to this sign-in attempt; sign in again");
  }
  return profileOf(payload);
}

async function verifyWith(idToken: string, keys: KeySet, config: GoogleConfig, now: number): Promise<JWTPayload> {
  const { payload } = await jwtVerify(idToken, keys.resolve, {
    algorithms: ["RS256"],
    issuer: GOOGLE_ISSUERS,
    audience: config.clientId,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    currentDate: new Date(now),
    requiredClaims: ["sub", "exp", "iat"],
  });
  return payload;
}

/**
 * The no-JavaScript sign-in: Google's authorization endpoint with response_type=id_token,
 * response_mode=form_post, scope "openid email profile", the nonce and state. Google posts `id_token` and
 * `state` back to redirectUri (which must be registered for the client id); verify with the same nonce.
 */
export function googleAuthorizationUrl(config: GoogleConfig, o: { redirectUri: string; nonce: string; state: string }): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", o.redirectUri);
  url.searchParams.set("response_type", "id_token");
  url.searchParams.set("response_mode", "form_post");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("nonce", o.nonce);
  url.searchParams.set("state", o.state);
  return url.toString();
}
