/**
 * Google and Facebook sign-in verification inside workerd, against the loopback fakes of Google's keys and the
 * Graph API (tests/fakes/google.ts, facebook.ts): what a shopper's token proves, every way a token is refused
 * (401 refusals, never a 500), key rotation, and the provider being down (ProviderUnavailable → 502).
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { DomainError, type Refusal } from "#shared/refusal.ts";
import { type FacebookConfig, facebookConfig, type GoogleConfig, googleConfig } from "#worker/accounts/external/config.ts";
import { exchangeFacebookCode, verifyFacebookAccessToken } from "#worker/accounts/external/facebook.ts";
import { verifyGoogleIdToken } from "#worker/accounts/external/google.ts";
import { ProviderUnavailable } from "#worker/accounts/external/profile.ts";
import type { Bindings } from "#worker/env.ts";

const origin = inject("fakesOrigin");
/** A loopback port nothing listens on: the provider is down. */
const CLOSED = "http://127.0.0.1:9";

async function control<T>(fake: "google" | "facebook", action: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}/__control/${fake}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** The refusal a verification threw (fails the test if it resolved or threw anything else). */
async function refusalOf(p: Promise<unknown>): Promise<Refusal> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return (e as DomainError).refusal;
}

const CLIENT_ID = "1234567890-loupe.apps.googleusercontent.com";
const T = 1_800_000_000; // the tokens' issue time (Unix seconds)
const at = (seconds: number) => ({ now: (T + seconds) * 1000 });
const CLAIMS = {
  iss: "https://accounts.google.com",
  aud: CLIENT_ID,
  azp: CLIENT_ID,
  sub: "110169484474386276334",
  email: "ada@example.com",
  email_verified: true,
  given_name: "Ada",
  family_name: "Lovelace",
  name: "Ada Lovelace",
  picture: "https://lh3.googleusercontent.com/a/ada",
  iat: T,
  exp: T + 3600,
};

/** A fresh realm of the Google fake (its own keys) and a config pointing at it. */
function google() {
  const realm = crypto.randomUUID();
  const config: GoogleConfig = { clientId: CLIENT_ID, certsUrl: `${origin}/google/${realm}/oauth2/v3/certs`, authorizeUrl: `${origin}/google/auth` };
  const token = async (action: string, claims: Record<string, unknown>, kid?: string) =>
    (await control<{ token: string }>("google", action, { realm, claims: { ...CLAIMS, ...claims }, kid })).token;
  return {
    config,
    sign: (claims: Record<string, unknown> = {}) => token("sign", claims),
    forge: (claims: Record<string, unknown> = {}, kid?: string) => token("sign-with-unknown-key", claims, kid),
    rotate: () => control<{ kid: string }>("google", "rotate", { realm }),
    fail: (status: number) => control("google", "fail", { realm, status }),
    stats: () => control<{ certsFetches: number; kids: string[] }>("google", "stats", { realm }),
  };
}

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");

describe("Google ID token", () => {
  it("a good token gives the person's profile", async () => {
    const g = google();
    expect(await verifyGoogleIdToken(await g.sign(), g.config, at(5))).toEqual({
      provider: "google",
      subject: "110169484474386276334",
      email: "ada@example.com",
      emailVerified: true,
      firstName: "Ada",
      lastName: "Lovelace",
      pictureUrl: "https://lh3.googleusercontent.com/a/ada",
    });
  });

  it("accepts both of Google's issuer spellings, and tells an unverified or missing email", async () => {
    const g = google();
    const bare = await verifyGoogleIdToken(await g.sign({ iss: "accounts.google.com", email_verified: false }), g.config, at(5));
    expect(bare).toMatchObject({ email: "ada@example.com", emailVerified: false });
    const noEmail = await verifyGoogleIdToken(await g.sign({ email: null, email_verified: null, picture: null }), g.config, at(5));
    expect(noEmail).toMatchObject({ email: null, emailVerified: false, pictureUrl: null });
  });

  it("refuses a token made for another application (audience)", async () => {
    const g = google();
    const r = await refusalOf(verifyGoogleIdToken(await g.sign({ aud: "someone-else.apps.googleusercontent.com" }), g.config, at(5)));
    expect(r).toMatchObject({ kind: "unauthorized", message: expect.stringContaining("another application") });
  });

  it("refuses a token not issued by Google (issuer)", async () => {
    const g = google();
    const r = await refusalOf(verifyGoogleIdToken(await g.sign({ iss: "https://evil.example" }), g.config, at(5)));
    expect(r).toMatchObject({ kind: "unauthorized", message: expect.stringContaining("not issued by Google") });
  });

  it("refuses an expired token, allowing a minute of clock difference", async () => {
    const g = google();
    const token = await g.sign();
    expect((await verifyGoogleIdToken(token, g.config, at(3600 + 30))).subject).toBe(CLAIMS.sub);
    const r = await refusalOf(verifyGoogleIdToken(token, g.config, at(3600 + 120)));
    expect(r).toMatchObject({ kind: "unauthorized", message: expect.stringContaining("expired") });
    const future = await refusalOf(verifyGoogleIdToken(await g.sign({ iat: T + 600, exp: T + 4200 }), g.config, at(0)));
    expect(future.message).toContain("not valid yet");
  });

  it("refuses a tampered token and a token signed by another key under Google's kid", async () => {
    const g = google();
    const [header, payload, signature] = (await g.sign()).split(".");
    const tampered = [header, b64({ ...JSON.parse(atob(payload!.replaceAll("-", "+").replaceAll("_", "/"))), email: "mallory@example.com" }), signature].join(
      ".",
    );
    expect((await refusalOf(verifyGoogleIdToken(tampered, g.config, at(5)))).message).toContain("signature is not valid");
    const [kid] = (await g.stats()).kids;
    const forged = await g.forge({}, kid);
    expect((await refusalOf(verifyGoogleIdToken(forged, g.config, at(5)))).message).toContain("signature is not valid");
  });

  it("refuses a token signed with a key Google does not publish, refetching the keys once and not again within 30 s", async () => {
    const g = google();
    await verifyGoogleIdToken(await g.sign(), g.config, at(0));
    expect((await g.stats()).certsFetches).toBe(1);
    const r = await refusalOf(verifyGoogleIdToken(await g.forge(), g.config, at(40)));
    expect(r).toMatchObject({ kind: "unauthorized", message: expect.stringContaining("key Google does not publish") });
    expect((await g.stats()).certsFetches).toBe(2);
    await refusalOf(verifyGoogleIdToken(await g.forge(), g.config, at(50)));
    expect((await g.stats()).certsFetches).toBe(2);
  });

  it("checks the nonce of the no-JavaScript sign-in when one is expected", async () => {
    const g = google();
    const token = await g.sign({ nonce: "n-0f3a" });
    expect((await verifyGoogleIdToken(token, g.config, { ...at(5), expectedNonce: "n-0f3a" })).subject).toBe(CLAIMS.sub);
    const wrong = await refusalOf(verifyGoogleIdToken(token, g.config, { ...at(5), expectedNonce: "n-other" }));
    expect(wrong).toMatchObject({ kind: "unauthorized", message: expect.stringContaining("sign-in attempt") });
    await refusalOf(verifyGoogleIdToken(await g.sign(), g.config, { ...at(5), expectedNonce: "n-0f3a" }));
  });

  it("refuses what is not an RS256 JWT without asking Google", async () => {
    const g = google();
    for (const token of ["not-a-token", `${b64({ alg: "none" })}.${b64(CLAIMS)}.`, `${b64({ alg: "HS256", kid: "x" })}.${b64(CLAIMS)}.c2lnbmF0dXJl`]) {
      expect(await refusalOf(verifyGoogleIdToken(token, g.config, at(5)))).toMatchObject({ kind: "unauthorized" });
    }
    expect((await g.stats()).certsFetches).toBe(0);
  });

  it("keeps Google's keys for their max-age, then fetches them again", async () => {
    const g = google();
    const token = await g.sign({ exp: T + 30_000 });
    for (let i = 0; i < 5; i++) await verifyGoogleIdToken(token, g.config, at(i));
    expect((await g.stats()).certsFetches).toBe(1);
    await verifyGoogleIdToken(token, g.config, at(21_600 + 10));
    expect((await g.stats()).certsFetches).toBe(2);
  });

  it("after Google rotates its key, a token under the new key fetches the new keys; the retired key's tokens fail", async () => {
    const g = google();
    const old = await g.sign();
    await verifyGoogleIdToken(old, g.config, at(0));
    await g.rotate();
    const fresh = await g.sign();
    expect((await verifyGoogleIdToken(fresh, g.config, at(60))).subject).toBe(CLAIMS.sub);
    expect((await g.stats()).certsFetches).toBe(2);
    expect((await refusalOf(verifyGoogleIdToken(old, g.config, at(70)))).message).toContain("key Google does not publish");
  });

  it("Google's keys unreachable or failing → ProviderUnavailable, and it recovers", async () => {
    const g = google();
    const token = await g.sign();
    const down = await verifyGoogleIdToken(token, { ...g.config, certsUrl: `${CLOSED}/oauth2/v3/certs` }, at(5)).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ProviderUnavailable);
    expect((down as ProviderUnavailable).message).toBe("Google could not be reached; try again");
    await g.fail(503);
    expect(await verifyGoogleIdToken(token, g.config, at(5)).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    expect((await verifyGoogleIdToken(token, g.config, at(6))).subject).toBe(CLAIMS.sub);
  });
});

/** A fresh Facebook app registered with the Graph fake, and a config pointing at it. */
async function facebook() {
  const appId = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
  const config: FacebookConfig = { appId, appSecret: `secret-${appId}`, graphUrl: `${origin}/facebook`, dialogUrl: `${origin}/facebook/dialog/oauth` };
  await control("facebook", "app", { appId, appSecret: config.appSecret });
  return {
    config,
    token: (o: Record<string, unknown> = {}) => control<{ token: string; userId: string }>("facebook", "token", { appId, ...o }),
    code: (token: string, redirectUri: string) => control<{ code: string }>("facebook", "code", { appId, token, redirectUri }),
    fail: (status: number) => control("facebook", "fail", { appId, status }),
  };
}

const GRACE = { email: "grace@example.com", first_name: "Grace", last_name: "Hopper", picture_url: "https://scontent.fbcdn.test/grace.jpg" };
const nowS = () => Math.floor(Date.now() / 1000);

describe("Facebook access token", () => {
  it("a valid token gives the person's profile (a Facebook email is never counted as verified: Graph gives no flag)", async () => {
    const fb = await facebook();
    const { token, userId } = await fb.token({ profile: GRACE });
    expect(await verifyFacebookAccessToken(token, fb.config)).toEqual({
      provider: "facebook",
      subject: userId,
      email: "grace@example.com",
      emailVerified: false,
      firstName: "Grace",
      lastName: "Hopper",
      pictureUrl: "https://scontent.fbcdn.test/grace.jpg",
    });
  });

  it("a person without an email or photo: email null, not verified, no picture", async () => {
    const fb = await facebook();
    const { token } = await fb.token({ profile: { first_name: "Ada", last_name: "King" } });
    expect(await verifyFacebookAccessToken(token, fb.config)).toMatchObject({ email: null, emailVerified: false, firstName: "Ada", pictureUrl: null });
  });

  it("refuses a token issued to another app", async () => {
    const ours = await facebook();
    const theirs = await facebook();
    const { token } = await theirs.token({ profile: GRACE });
    const r = await refusalOf(verifyFacebookAccessToken(token, ours.config));
    expect(r).toMatchObject({ kind: "unauthorized", message: expect.stringContaining("another app") });
  });

  it("refuses an unknown, revoked, expired or non-user token", async () => {
    const fb = await facebook();
    expect(await refusalOf(verifyFacebookAccessToken("EAAnot-a-real-token", fb.config))).toMatchObject({ kind: "unauthorized" });
    const revoked = await fb.token({ profile: GRACE, isValid: false });
    expect((await refusalOf(verifyFacebookAccessToken(revoked.token, fb.config))).message).toContain("no longer valid");
    const expired = await fb.token({ profile: GRACE, expiresAt: nowS() - 60 });
    expect((await refusalOf(verifyFacebookAccessToken(expired.token, fb.config))).message).toContain("no longer valid");
    const page = await fb.token({ profile: GRACE, type: "PAGE" });
    expect((await refusalOf(verifyFacebookAccessToken(page.token, fb.config))).kind).toBe("unauthorized");
  });

  it("checks expires_at against its own clock (injected), and 0 means it never expires", async () => {
    const fb = await facebook();
    const { token } = await fb.token({ profile: GRACE, expiresAt: nowS() + 3600 });
    const r = await refusalOf(verifyFacebookAccessToken(token, fb.config, { now: (nowS() + 7200) * 1000 }));
    expect(r).toMatchObject({ kind: "unauthorized", message: expect.stringContaining("expired") });
    const forever = await fb.token({ profile: GRACE, expiresAt: 0 });
    expect((await verifyFacebookAccessToken(forever.token, fb.config, { now: (nowS() + 10 * 365 * 86_400) * 1000 })).email).toBe(GRACE.email);
  });

  it("a wrong app secret is refused by Graph: a 401, not a 500, and the operator's log says why without the secret or token", async () => {
    const fb = await facebook();
    const { token } = await fb.token({ profile: GRACE });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect((await refusalOf(verifyFacebookAccessToken(token, { ...fb.config, appSecret: "wrong-secret" }))).kind).toBe("unauthorized");
      const logged = warn.mock.calls.flat().join(" ");
      expect(logged).toContain("Invalid OAuth access token signature");
      expect(logged).not.toContain("wrong-secret");
      expect(logged).not.toContain(token);
    } finally {
      warn.mockRestore();
    }
  });

  it("exchanges a login dialog's code for the token (once, with the same redirect_uri)", async () => {
    const fb = await facebook();
    const { token, userId } = await fb.token({ profile: GRACE });
    const redirect = "https://loupe.test/login/facebook/callback";
    const { code } = await fb.code(token, redirect);
    const got = await exchangeFacebookCode(code, redirect, fb.config);
    expect((await verifyFacebookAccessToken(got, fb.config)).subject).toBe(userId);
    const used = await refusalOf(exchangeFacebookCode(code, redirect, fb.config));
    expect(used).toMatchObject({ kind: "unauthorized", message: expect.stringContaining("code is not valid") });
    expect((await refusalOf(exchangeFacebookCode("AQbogus", redirect, fb.config))).kind).toBe("unauthorized");
    const other = await fb.code(token, redirect);
    expect((await refusalOf(exchangeFacebookCode(other.code, "https://evil.example/cb", fb.config))).kind).toBe("unauthorized");
  });

  it("Facebook unreachable or answering 503 → ProviderUnavailable, and it recovers", async () => {
    const fb = await facebook();
    const { token } = await fb.token({ profile: GRACE });
    const down = await verifyFacebookAccessToken(token, { ...fb.config, graphUrl: CLOSED }).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ProviderUnavailable);
    expect((down as ProviderUnavailable).message).toBe("Facebook could not be reached; try again");
    await fb.fail(503);
    expect(await verifyFacebookAccessToken(token, fb.config).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    await fb.fail(503);
    expect(await exchangeFacebookCode("AQany", "https://loupe.test/cb", fb.config).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    expect((await verifyFacebookAccessToken(token, fb.config)).email).toBe(GRACE.email);
  });
});

describe("configuration", () => {
  it("the test worker has no Google or Facebook secrets: both sign-ins are unconfigured", () => {
    const bindings: Bindings = env;
    expect(googleConfig(bindings)).toBeNull();
    expect(facebookConfig(bindings)).toBeNull();
  });
});
