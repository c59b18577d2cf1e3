/**
 * Operators in staging and production (APP_ENV production here): Cloudflare Access's JWT is the only way in
 * (docs/decisions/056-operator-access.md). Each test generates an RS256 key pair with jose and serves its public
 * key from the loopback fake of the team's certs URL (tests/fakes/access.ts); the test signs the tokens itself.
 * A valid token is an operator whose email every action records; a forged, unsigned, expired, foreign-audience or
 * foreign-issuer token, and the static admin token, are nobody: the operators' pages and calls are not found.
 */
import { env } from "cloudflare:test";
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, inject, it } from "vitest";
import type { Bindings } from "#worker/env.ts";
import { call } from "../helpers";
import { accessKeysSource } from "#worker/operators/access.ts";
import { deployedBindings } from "../deployed-env";
import { actionsOf, paidOrder } from "../orders/operator-helpers";

const origin = inject("fakesOrigin");
const TEAM = "loupe-test.cloudflareaccess.com";
const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";

interface Team {
  env: Partial<Bindings>;
  /** An Access JWT signed with the served key (claims override the defaults; null leaves one out). */
  sign(claims?: Record<string, unknown>, key?: CryptoKey): Promise<string>;
}

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { privateKey, jwk: await exportJWK(publicKey) };
}

/** A team with a fresh key pair, its public key served from its own realm of the fake. */
async function team(): Promise<Team> {
  const realm = crypto.randomUUID();
  const kid = realm.replaceAll("-", "");
  const { privateKey, jwk } = await keyPair();
  await fetch(`${origin}/__control/access/keys`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ realm, keys: [{ ...jwk, kid, alg: "RS256", use: "sig" }] }),
  });
  // The team's keys are served by the fake (a deployed worker reads them from the team domain).
  accessKeysSource.certsUrl = `${origin}/access/${realm}/cdn-cgi/access/certs`;
  return {
    env: deployedBindings("production", { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD }),
    sign: async (claims = {}, key = privateKey) => {
      const now = Math.floor(Date.now() / 1000);
      const all: Record<string, unknown> = {
        iss: `https://${TEAM}`,
        aud: [AUD],
        email: "ada@loupe.example",
        sub: "7335d417",
        type: "app",
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      for (const [k, v] of Object.entries(all)) if (v === null) delete all[k];
      return new SignJWT(all).setProtectedHeader({ alg: "RS256", kid }).sign(key);
    },
  };
}

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");

const asAccess = (t: Team, jwt: string) => ({ env: t.env, headers: { "cf-access-jwt-assertion": jwt } as Record<string, string> });

/** An operator action on an order through the API, as `init` says (its env and headers). */
const act = (orderNumber: string, body: Record<string, unknown>, init: { env: Partial<Bindings>; headers?: Record<string, string> }) =>
  call(`/api/operator/orders/${orderNumber}/actions`, {
    env: init.env,
    method: "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: JSON.stringify(body),
  });

const auditOf = async (path: string) =>
  (
    await env.DB.prepare("SELECT operator, method, path, target, status FROM operator_actions WHERE path = ? ORDER BY id")
      .bind(path)
      .all<{ operator: string; method: string; path: string; target: string | null; status: number }>()
  ).results;

describe("Cloudflare Access in staging and production", () => {
  it("lets a valid Access JWT in; the action and the audit carry the operator's email", async () => {
    const t = await team();
    const jwt = await t.sign({ email: "Ada@Loupe.example" });
    expect((await call("/api/experiments/report", asAccess(t, jwt))).status).toBe(200);
    expect((await call("/operator/orders", asAccess(t, jwt))).status).toBe(200);

    const o = await paidOrder();
    const res = await act(o.orderNumber, { action: "confirm-availability", actor: "Someone Else" }, asAccess(t, jwt));
    expect(res.status).toBe(200);
    expect((await actionsOf(o.orderNumber)).map((a) => a.actor)).toEqual(["operator:ada@loupe.example"]);
    const path = `/api/operator/orders/${o.orderNumber}/actions`;
    expect(await auditOf(path)).toEqual([{ operator: "ada@loupe.example", method: "POST", path, target: o.orderNumber, status: 200 }]);
  });

  it("answers 404, and records nothing, for a forged, unsigned, expired, foreign-audience or foreign-issuer token", async () => {
    const t = await team();
    const forger = await keyPair();
    const now = Math.floor(Date.now() / 1000);
    const valid = await t.sign();
    const [, payload] = valid.split(".");
    const attempts = {
      none: null,
      forged: await t.sign({}, forger.privateKey),
      unsigned: `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
      "signature of another token": `${valid.split(".").slice(0, 2).join(".")}.${(await t.sign({ email: "eve@loupe.example" })).split(".")[2]}`,
      expired: await t.sign({ iat: now - 7200, exp: now - 3600 }),
      "wrong audience": await t.sign({ aud: ["another-application"] }),
      "wrong issuer": await t.sign({ iss: "https://evil.cloudflareaccess.com" }),
      "no email (a service token)": await t.sign({ email: null, common_name: "ci.access" }),
    };
    const o = await paidOrder();
    for (const [what, jwt] of Object.entries(attempts)) {
      const init = jwt ? asAccess(t, jwt) : { env: t.env };
      expect((await call("/api/experiments/report", init)).status, what).toBe(404);
      expect((await call("/operator/orders", init)).status, what).toBe(404);
      expect((await act(o.orderNumber, { action: "confirm-availability" }, init)).status, what).toBe(404);
    }
    expect(await actionsOf(o.orderNumber)).toEqual([]);
    expect(await auditOf(`/api/operator/orders/${o.orderNumber}/actions`)).toEqual([]);
  });

  it("refuses the static admin token, its session cookie and the login form; without Access configured nobody is an operator", async () => {
    const t = await team();
    const production = { env: t.env };
    expect((await call("/api/experiments/report", { ...production, headers: { authorization: "Bearer test-admin-token" } })).status).toBe(404);

    const login = await call("/operator/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
      body: "token=test-admin-token&to=%2Foperator%2Forders",
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("loupe_admin="))!
      .split(";")[0]!;
    expect((await call("/operator/orders", { headers: { cookie } })).status).toBe(200);
    expect((await call("/operator/orders", { ...production, headers: { cookie } })).status).toBe(404);

    const inProduction = await call("/operator/login", {
      ...production,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
      body: "token=test-admin-token&to=%2Foperator%2Forders",
    });
    // No login there: the site's answer to a post to a page that takes none.
    expect([404, 405]).toContain(inProduction.status);
    expect(inProduction.headers.getSetCookie().some((c) => c.startsWith("loupe_admin="))).toBe(false);
    expect(await (await call("/operator/orders", production)).text()).not.toContain('action="/operator/login"');

    const jwt = await t.sign();
    expect((await call("/api/experiments/report", asAccess(t, jwt))).status).toBe(200);
    // Without Access configured a deployed worker refuses to run at all (docs/decisions/050-fail-closed.md).
    const unconfigured = { env: { ...t.env, ACCESS_AUD: "" }, headers: { "cf-access-jwt-assertion": jwt } };
    expect((await call("/api/experiments/report", unconfigured)).status).toBe(503);
  });
});
