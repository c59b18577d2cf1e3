/**
 * A loopback fake of Google's signing keys for the ID-token tests: `GET /google/oauth2/v3/certs` serves the
 * JWKS of RSA keys the fake generates, with Google's Cache-Control, and the tests get ID tokens signed by it
 * through the control calls. Keys live in independent realms (`/google/{realm}/oauth2/v3/certs`; the bare path
 * is realm "default") so test files running at once, and tests that rotate keys, do not disturb each other.
 *
 * Control (`POST /__control/google/{action}`, JSON `{ realm?, … }`):
 * - `sign` `{ claims, kid? }` → `{ token, kid }`: RS256 with the realm's current key (`kid` overrides the header's
 *   kid). Claims default to iss https://accounts.google.com, iat now, exp iat + 1 h; a claim given as null is left out.
 * - `sign-with-unknown-key` `{ claims, kid? }` → `{ token, kid }`: signed by a key never served (a forgery); its kid
 *   is new unless `kid` is given (e.g. the current key's, to forge under a known kid).
 * - `rotate` `{ keepOld? }` → `{ kid }`: a new current key; the old one stays served only with keepOld.
 * - `fail` `{ status, times? }`: the next `times` (1) key fetches answer `status`.
 * - `stats` → `{ certsFetches, kids }`; `reset`: forgets the realm.
 */
import { randomUUID } from "node:crypto";
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";
import type { Fake } from "./server";

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

interface Realm {
  current: SigningKey;
  served: SigningKey[];
  certsFetches: number;
  failures: { status: number; times: number } | null;
}

/** Google's keys carry this max-age (seconds) — about six hours. */
export const GOOGLE_FAKE_MAX_AGE = 21_600;

const realms = new Map<string, Promise<Realm>>();

async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const kid = randomUUID().replaceAll("-", "");
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

function realm(name: unknown): Promise<Realm> {
  const key = typeof name === "string" && name ? name : "default";
  let r = realms.get(key);
  if (!r) {
    r = newKey().then((current) => ({ current, served: [current], certsFetches: 0, failures: null }));
    realms.set(key, r);
  }
  return r;
}

async function sign(claims: Record<string, unknown> | undefined, key: SigningKey, kid: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const iat = typeof claims?.iat === "number" ? claims.iat : now;
  const all: Record<string, unknown> = { iss: "https://accounts.google.com", iat, exp: iat + 3600, ...claims };
  for (const [k, v] of Object.entries(all)) if (v === null) delete all[k];
  return new SignJWT(all as JWTPayload).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(key.privateKey);
}

type Body = { realm?: string; claims?: Record<string, unknown>; kid?: string; keepOld?: boolean; status?: number; times?: number } | null;

export const googleFake: Fake = {
  prefix: "/google",
  async handle(request) {
    const m = new URL(request.url).pathname.match(/^\/(?:([\w-]+)\/)?oauth2\/v3\/certs$/);
    if (!m || request.method !== "GET") return Response.json({ error: "not_found" }, { status: 404 });
    const r = await realm(m[1]);
    r.certsFetches++;
    if (r.failures && r.failures.times > 0) {
      r.failures.times--;
      return new Response("Service Unavailable", { status: r.failures.status });
    }
    return Response.json(
      { keys: r.served.map((k) => k.jwk) },
      { headers: { "cache-control": `public, max-age=${GOOGLE_FAKE_MAX_AGE}, must-revalidate, no-transform` } },
    );
  },
  async control(action, raw) {
    const body = raw as Body;
    const r = await realm(body?.realm);
    switch (action) {
      case "sign":
        return { token: await sign(body?.claims, r.current, body?.kid ?? r.current.kid), kid: body?.kid ?? r.current.kid };
      case "sign-with-unknown-key": {
        const forger = await newKey();
        const kid = body?.kid ?? forger.kid;
        return { token: await sign(body?.claims, forger, kid), kid };
      }
      case "rotate": {
        const next = await newKey();
        r.served = body?.keepOld ? [...r.served, next] : [next];
        r.current = next;
        return { kid: next.kid };
      }
      case "fail":
        r.failures = { status: body?.status ?? 503, times: body?.times ?? 1 };
        return { ok: true };
      case "stats":
        return { certsFetches: r.certsFetches, kids: r.served.map((k) => k.kid) };
      case "reset":
        realms.delete(typeof body?.realm === "string" && body.realm ? body.realm : "default");
        return { ok: true };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
