/**
 * Google and Facebook sign-in without JavaScript or a third-party script on our pages: the buttons link to
 * `/login/google` and `/login/facebook`, which send the browser to the provider with a one-time `state`
 * (and for Google a `nonce`) kept in a short HttpOnly cookie. Google posts the ID token back
 * (response_mode=form_post), Facebook returns a code that is exchanged for an access token; both are
 * verified (external/*) before the customer is signed in, the visitor's cart merged, and sent back to the
 * page they came from. Failures return to /login with a reason the page explains.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import { DomainError } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { accountDeps, completeSignIn } from "../middleware/account";
import { facebookConfig, googleConfig } from "./external/config";
import { exchangeFacebookCode, facebookDialogUrl, verifyFacebookAccessToken } from "./external/facebook";
import { googleAuthorizationUrl, verifyGoogleIdToken } from "./external/google";
import { ProviderUnavailable, type ExternalProfile } from "./external/profile";
import { externalSignIn } from "./external-sign-in";
import { base64url } from "./passwords";
import { sameText } from "./tokens";

const STATE_COOKIE = "loupe_oauth";
const STATE_SECONDS = 10 * 60;

interface Pending {
  state: string;
  nonce: string;
  returnUrl: string;
}

const random = () => base64url(crypto.getRandomValues(new Uint8Array(24)));

function begin(c: Context<AppEnv>, crossSitePost: boolean): Pending {
  const pending = { state: random(), nonce: random(), returnUrl: accountReturnPath(c.req.query("returnUrl")) };
  const secure = new URL(c.req.url).protocol === "https:";
  // Google posts the token back from its own origin: a Lax cookie would not come with that POST.
  setCookie(c, STATE_COOKIE, JSON.stringify(pending), {
    path: "/login",
    maxAge: STATE_SECONDS,
    httpOnly: true,
    secure,
    sameSite: crossSitePost && secure ? "None" : "Lax",
  });
  return pending;
}

function pendingOf(c: Context<AppEnv>, state: string | undefined): Pending | null {
  const raw = getCookie(c, STATE_COOKIE);
  deleteCookie(c, STATE_COOKIE, { path: "/login" });
  if (!raw || !state) return null;
  try {
    const p = JSON.parse(raw) as Pending;
    return typeof p.state === "string" && sameText(p.state, state) ? p : null;
  } catch {
    return null;
  }
}

/** Signs in with the verified profile and returns to the page; a failure returns to /login with its reason. */
async function finish(c: Context<AppEnv>, pending: Pending | null, profile: () => Promise<ExternalProfile>) {
  if (!pending) return c.redirect("/login?social=expired", 303);
  try {
    const signedIn = await externalSignIn(accountDeps(c), await profile(), pending.returnUrl);
    await completeSignIn(c, signedIn);
    return c.redirect(signedIn.returnUrl, 303);
  } catch (e) {
    if (e instanceof ProviderUnavailable) return c.redirect(`/login?social=unavailable&returnUrl=${encodeURIComponent(pending.returnUrl)}`, 303);
    if (e instanceof DomainError) return c.redirect(`/login?social=failed&returnUrl=${encodeURIComponent(pending.returnUrl)}`, 303);
    throw e;
  }
}

const callbackUrl = (c: Context<AppEnv>, provider: string) => new URL(`/login/${provider}/callback`, c.req.url).toString();

export const socialPages = new Hono<AppEnv>()
  .get("/login/google", (c) => {
    const config = googleConfig(c.env);
    if (!config) return c.redirect("/login?social=unconfigured", 303);
    const p = begin(c, true);
    return c.redirect(googleAuthorizationUrl(config, { redirectUri: callbackUrl(c, "google"), nonce: p.nonce, state: p.state }), 302);
  })
  .post("/login/google/callback", async (c) => {
    const config = googleConfig(c.env);
    if (!config) return c.redirect("/login?social=unconfigured", 303);
    const form = await c.req.parseBody();
    const idToken = typeof form.id_token === "string" ? form.id_token : "";
    const pending = pendingOf(c, typeof form.state === "string" ? form.state : undefined);
    return finish(c, pending, () => verifyGoogleIdToken(idToken, config, { expectedNonce: pending?.nonce }));
  })
  .get("/login/facebook", (c) => {
    const config = facebookConfig(c.env);
    if (!config) return c.redirect("/login?social=unconfigured", 303);
    const p = begin(c, false);
    return c.redirect(facebookDialogUrl(config, { redirectUri: callbackUrl(c, "facebook"), state: p.state }), 302);
  })
  .get("/login/facebook/callback", async (c) => {
    const config = facebookConfig(c.env);
    if (!config) return c.redirect("/login?social=unconfigured", 303);
    const pending = pendingOf(c, c.req.query("state"));
    const code = c.req.query("code");
    if (!code) return c.redirect(`/login?social=cancelled&returnUrl=${encodeURIComponent(pending?.returnUrl ?? "/")}`, 303);
    return finish(c, pending, async () => verifyFacebookAccessToken(await exchangeFacebookCode(code, callbackUrl(c, "facebook"), config), config));
  });
