/**
 * The Google and Facebook sign-in settings read from the worker's secrets (unset → the provider is off and its
 * call answers 501) and the addresses of the providers' sign-in pages for the no-JavaScript flows.
 */
import { describe, expect, it } from "vitest";
import {
  FACEBOOK_DIALOG_URL,
  FACEBOOK_GRAPH_URL,
  facebookConfig,
  GOOGLE_AUTHORIZE_URL,
  GOOGLE_CERTS_URL,
  googleConfig,
} from "#worker/accounts/external/config.ts";
import { facebookDialogUrl } from "#worker/accounts/external/facebook.ts";
import { googleAuthorizationUrl } from "#worker/accounts/external/google.ts";

describe("googleConfig", () => {
  it("is null without GOOGLE_CLIENT_ID (or with a blank one)", () => {
    expect(googleConfig({})).toBeNull();
    expect(googleConfig({ GOOGLE_CLIENT_ID: "  " })).toBeNull();
    expect(googleConfig({ GOOGLE_CERTS_URL: "http://127.0.0.1:1/certs" })).toBeNull();
  });

  it("uses Google's addresses unless overridden", () => {
    expect(googleConfig({ GOOGLE_CLIENT_ID: " abc.apps.googleusercontent.com " })).toEqual({
      clientId: "abc.apps.googleusercontent.com",
      certsUrl: GOOGLE_CERTS_URL,
      authorizeUrl: GOOGLE_AUTHORIZE_URL,
    });
    expect(GOOGLE_CERTS_URL).toBe("https://www.googleapis.com/oauth2/v3/certs");
    const local = googleConfig({
      GOOGLE_CLIENT_ID: "abc",
      GOOGLE_CERTS_URL: "http://127.0.0.1:5/google/certs",
      GOOGLE_AUTHORIZE_URL: "http://127.0.0.1:5/google/auth",
    });
    expect(local).toMatchObject({ certsUrl: "http://127.0.0.1:5/google/certs", authorizeUrl: "http://127.0.0.1:5/google/auth" });
  });
});

describe("facebookConfig", () => {
  it("is null unless both the app id and the secret are set", () => {
    expect(facebookConfig({})).toBeNull();
    expect(facebookConfig({ FACEBOOK_APP_ID: "123" })).toBeNull();
    expect(facebookConfig({ FACEBOOK_APP_SECRET: "s" })).toBeNull();
    expect(facebookConfig({ FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "" })).toBeNull();
  });

  it("uses Graph v19.0 and Facebook's dialog unless overridden (no trailing slash on the Graph base)", () => {
    expect(facebookConfig({ FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "s3cret" })).toEqual({
      appId: "123",
      appSecret: "s3cret",
      graphUrl: FACEBOOK_GRAPH_URL,
      dialogUrl: FACEBOOK_DIALOG_URL,
    });
    expect(facebookConfig({ FACEBOOK_APP_ID: "1", FACEBOOK_APP_SECRET: "s", FACEBOOK_GRAPH_URL: "http://127.0.0.1:5/facebook/" })?.graphUrl).toBe(
      "http://127.0.0.1:5/facebook",
    );
  });
});

describe("sign-in pages without JavaScript", () => {
  it("Google: an ID token posted back to our page, bound to the nonce and state", () => {
    const config = googleConfig({ GOOGLE_CLIENT_ID: "abc.apps.googleusercontent.com" })!;
    const url = new URL(googleAuthorizationUrl(config, { redirectUri: "https://loupe.test/login/google", nonce: "n1", state: "s&1" }));
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "abc.apps.googleusercontent.com",
      redirect_uri: "https://loupe.test/login/google",
      response_type: "id_token",
      response_mode: "form_post",
      scope: "openid email profile",
      nonce: "n1",
      state: "s&1",
    });
  });

  it("Facebook: the OAuth dialog asking for the email, answering a code to our page with the state", () => {
    const config = facebookConfig({ FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "s3cret" })!;
    const url = new URL(facebookDialogUrl(config, { redirectUri: "https://loupe.test/login/facebook", state: "st" }));
    expect(url.origin + url.pathname).toBe("https://www.facebook.com/v19.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "123",
      redirect_uri: "https://loupe.test/login/facebook",
      state: "st",
      response_type: "code",
      scope: "public_profile,email",
    });
    expect(url.toString()).not.toContain("s3cret");
  });
});
