/**
 * A loopback fake of a Cloudflare Access team's signing keys for the operator tests: `GET
 * /access/{realm}/cdn-cgi/access/certs` serves the public keys a test generated (jose `generateKeyPair` inside the
 * test) and registered for its realm; the test signs the Access JWTs itself. A realm per test keeps test files
 * running at once, and the worker's per-URL key cache, apart.
 *
 * Control (`POST /__control/access/{action}`, JSON):
 * - `keys` `{ realm, keys }`: the realm's JWKS from now on;
 * - `stats` `{ realm }` → `{ certsFetches }`.
 */
import type { JWK } from "jose";
import type { Fake } from "./server";

interface Realm {
  keys: JWK[];
  certsFetches: number;
}

const realms = new Map<string, Realm>();

function realm(name: unknown): Realm {
  const key = typeof name === "string" && name ? name : "default";
  let r = realms.get(key);
  if (!r) {
    r = { keys: [], certsFetches: 0 };
    realms.set(key, r);
  }
  return r;
}

export const accessFake: Fake = {
  prefix: "/access",
  handle(request) {
    const m = new URL(request.url).pathname.match(/^\/([\w-]+)\/cdn-cgi\/access\/certs$/);
    if (!m || request.method !== "GET") return Response.json({ error: "not_found" }, { status: 404 });
    const r = realm(m[1]);
    r.certsFetches++;
    return Response.json({ keys: r.keys, public_cert: { kid: r.keys[0]?.kid ?? "", cert: "" } });
  },
  control(action, raw) {
    const body = raw as { realm?: string; keys?: JWK[] } | null;
    const r = realm(body?.realm);
    switch (action) {
      case "keys":
        r.keys = Array.isArray(body?.keys) ? body.keys : [];
        return { ok: true };
      case "stats":
        return { certsFetches: r.certsFetches };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
