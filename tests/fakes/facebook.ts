/**
 * A loopback fake of the parts of Facebook's Graph API the sign-in uses, answering as Graph does (success
 * bodies, and `{error:{message,type,code}}` with 400 for bad input): `GET /facebook/debug_token` (checks the app
 * token `{app-id}|{app-secret}`), `GET /facebook/me` (the token's profile, checking `appsecret_proof` when sent)
 * and `GET /facebook/oauth/access_token` (the manual login flow's code exchange; codes are single use and bound
 * to their redirect_uri). Everything is keyed by app id, so tests using their own app ids do not disturb each other.
 *
 * Control (`POST /__control/facebook/{action}`):
 * - `app` `{ appId, appSecret }`: registers an app (its app token and code exchange then work).
 * - `token` `{ appId, userId?, profile?, expiresAt?, isValid?, type? }` → `{ token, userId }`: a user access token;
 *   profile `{ email?, first_name?, last_name?, picture_url?, is_silhouette? }`; expiresAt in Unix seconds (0 =
 *   never; default 60 days from now); a token past expiresAt is reported invalid, as Facebook does.
 * - `code` `{ appId, token, redirectUri }` → `{ code }`: an authorization code that exchanges for `token`.
 * - `fail` `{ appId, status?, times? }`: the next `times` (1) calls for that app answer `status` (503).
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Fake } from "./server";

interface FakeToken {
  appId: string;
  userId: string;
  expiresAt: number;
  isValid: boolean;
  type: string;
  profile: { email?: string; first_name?: string; last_name?: string; picture_url?: string; is_silhouette?: boolean };
}

const apps = new Map<string, string>();
const tokens = new Map<string, FakeToken>();
const codes = new Map<string, { appId: string; token: string; redirectUri: string }>();
const failures = new Map<string, { status: number; times: number }>();

const graphError = (message: string, code: number, status = 400, type = "OAuthException") =>
  Response.json({ error: { message, type, code, fbtrace_id: randomBytes(8).toString("hex") } }, { status });

const random = (n: number) => randomBytes(n).toString("base64url");
const nowSeconds = () => Math.floor(Date.now() / 1000);
const live = (t: FakeToken) => t.isValid && (t.expiresAt === 0 || t.expiresAt > nowSeconds());

/** The injected failure for this app, if one is pending. */
function failure(appId: string | undefined): Response | null {
  const f = appId ? failures.get(appId) : undefined;
  if (!f || f.times <= 0) return null;
  f.times--;
  return new Response("Service Unavailable", { status: f.status });
}

function debugToken(q: URLSearchParams): Response {
  const appToken = q.get("access_token");
  if (!appToken) return graphError("An access token is required to request this resource.", 104);
  const [appId, secret] = appToken.split("|");
  const injected = failure(appId);
  if (injected) return injected;
  if (!appId || !secret || apps.get(appId) !== secret) return graphError("Invalid OAuth access token signature.", 190);
  const input = q.get("input_token");
  if (!input) return graphError("(#100) The parameter input_token is required", 100);
  const t = tokens.get(input);
  if (!t)
    return Response.json({ data: { error: { code: 190, message: "Invalid OAuth access token - Cannot parse access token" }, is_valid: false, scopes: [] } });
  return Response.json({
    data: {
      app_id: t.appId,
      type: t.type,
      application: `Fake app ${t.appId}`,
      data_access_expires_at: nowSeconds() + 90 * 86_400,
      expires_at: t.expiresAt,
      is_valid: live(t),
      issued_at: nowSeconds() - 60,
      scopes: ["email", "public_profile"],
      user_id: t.userId,
      ...(live(t) ? {} : { error: { code: 190, subcode: 463, message: "Session has expired." } }),
    },
  });
}

function me(request: Request, q: URLSearchParams): Response {
  const token = q.get("access_token") ?? request.headers.get("authorization")?.replace(/^Bearer /i, "");
  if (!token) return graphError("An active access token must be used to query information about the current user.", 2500);
  const t = tokens.get(token);
  const injected = failure(t?.appId);
  if (injected) return injected;
  if (!t || !live(t)) return graphError("Invalid OAuth access token - Cannot parse access token", 190);
  const proof = q.get("appsecret_proof");
  if (
    proof !== null &&
    proof !==
      createHmac("sha256", apps.get(t.appId) ?? "")
        .update(token)
        .digest("hex")
  ) {
    return graphError("Invalid appsecret_proof provided in the API argument", 100, 400, "GraphMethodException");
  }
  const fields = (q.get("fields") ?? "id,name").split(",");
  const p = t.profile;
  const all: Record<string, unknown> = {
    id: t.userId,
    name: [p.first_name, p.last_name].filter(Boolean).join(" "),
    email: p.email,
    first_name: p.first_name,
    last_name: p.last_name,
    picture: {
      data: { height: 50, is_silhouette: p.is_silhouette ?? !p.picture_url, url: p.picture_url ?? "https://fake.fbcdn.test/silhouette.png", width: 50 },
    },
  };
  const out: Record<string, unknown> = { id: t.userId };
  for (const f of fields) if (all[f] !== undefined) out[f] = all[f];
  return Response.json(out);
}

function accessToken(q: URLSearchParams): Response {
  const appId = q.get("client_id") ?? undefined;
  const injected = failure(appId);
  if (injected) return injected;
  if (!appId || !apps.has(appId)) return graphError("Error validating application. Invalid application ID.", 101);
  if (apps.get(appId) !== q.get("client_secret")) return graphError("Error validating client secret.", 1);
  const code = q.get("code");
  const entry = code ? codes.get(code) : undefined;
  if (!entry || entry.appId !== appId) return graphError("Invalid verification code format.", 100);
  if (entry.redirectUri !== q.get("redirect_uri")) {
    return graphError(
      "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      100,
    );
  }
  codes.delete(code!);
  return Response.json({ access_token: entry.token, token_type: "bearer", expires_in: 5_183_944 });
}

type Body = Record<string, unknown> | null;

export const facebookFake: Fake = {
  prefix: "/facebook",
  handle(request) {
    const url = new URL(request.url);
    if (request.method !== "GET") return graphError("Unsupported method", 100);
    if (url.pathname === "/debug_token") return debugToken(url.searchParams);
    if (url.pathname === "/me") return me(request, url.searchParams);
    if (url.pathname === "/oauth/access_token") return accessToken(url.searchParams);
    return graphError(`Unknown path components: ${url.pathname}`, 2500);
  },
  control(action, raw) {
    const b = (raw as Body) ?? {};
    const appId = String(b.appId ?? "");
    switch (action) {
      case "app":
        apps.set(appId, String(b.appSecret ?? ""));
        return { ok: true };
      case "token": {
        const token = `EAA${random(48)}`;
        const userId = typeof b.userId === "string" ? b.userId : String(10_000_000_000 + randomBytes(4).readUInt32BE());
        tokens.set(token, {
          appId,
          userId,
          expiresAt: typeof b.expiresAt === "number" ? b.expiresAt : nowSeconds() + 60 * 86_400,
          isValid: b.isValid !== false,
          type: typeof b.type === "string" ? b.type : "USER",
          profile: (b.profile as FakeToken["profile"]) ?? {},
        });
        return { token, userId };
      }
      case "code": {
        const code = `AQ${random(32)}`;
        codes.set(code, { appId, token: String(b.token), redirectUri: String(b.redirectUri) });
        return { code };
      }
      case "fail":
        failures.set(appId, { status: typeof b.status === "number" ? b.status : 503, times: typeof b.times === "number" ? b.times : 1 });
        return { ok: true };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
