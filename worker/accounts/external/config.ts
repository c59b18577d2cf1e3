/**
 * Google and Facebook sign-in settings from the worker's secrets. A provider whose secrets are missing is
 * unconfigured (null): its button is hidden and its sign-in call answers 501. The URL overrides exist for the
 * tests and local runs, which point the verifiers at loopback fakes of the providers' APIs.
 */

/** The bindings the external sign-in reads (all optional secrets or vars; see README, Configuration). */
export interface ExternalBindings {
  /** Secret: the Google OAuth client id (Google Cloud console, "Web application"); unset, Google sign-in is off. */
  GOOGLE_CLIENT_ID?: string;
  /** Var, tests and local fakes only: where Google's keys are read (default GOOGLE_CERTS_URL below). */
  GOOGLE_CERTS_URL?: string;
  /** Var, tests and local fakes only: Google's authorization endpoint. */
  GOOGLE_AUTHORIZE_URL?: string;
  /** Secret: the Facebook app id; Facebook login needs it and FACEBOOK_APP_SECRET. */
  FACEBOOK_APP_ID?: string;
  /** Secret: the Facebook app secret (app token and appsecret_proof); never sent to the browser. */
  FACEBOOK_APP_SECRET?: string;
  /** Var, tests and local fakes only: the Graph API base with its version. */
  FACEBOOK_GRAPH_URL?: string;
  /** Var, tests and local fakes only: the login dialog. */
  FACEBOOK_DIALOG_URL?: string;
}

/** Google sign-in: the OAuth client id (the ID token's audience) and where Google's keys and sign-in page are. */
export interface GoogleConfig {
  clientId: string;
  certsUrl: string;
  authorizeUrl: string;
  fetch?: typeof fetch;
}

/** Facebook login: the app and where the Graph API and the login dialog are. */
export interface FacebookConfig {
  appId: string;
  appSecret: string;
  /** The Graph API with its version, no trailing slash, e.g. https://graph.facebook.com/v19.0. */
  graphUrl: string;
  dialogUrl: string;
  fetch?: typeof fetch;
}

/** Google's published signing keys (JWKS), from its OpenID discovery document's `jwks_uri`. */
export const GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v3/certs";
/** Google's OAuth 2.0 / OpenID Connect authorization endpoint. */
export const GOOGLE_AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";
/** The Graph API version the calls are written against. */
export const FACEBOOK_GRAPH_URL = "https://graph.facebook.com/v19.0";
/** Facebook's login dialog (manual login flow). */
export const FACEBOOK_DIALOG_URL = "https://www.facebook.com/v19.0/dialog/oauth";

const setting = (value: string | undefined): string | null => {
  const v = value?.trim();
  return v ? v : null;
};

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, "");

/** From env: GOOGLE_CLIENT_ID (+ optional GOOGLE_CERTS_URL, GOOGLE_AUTHORIZE_URL overrides); null when unconfigured. */
export function googleConfig(env: ExternalBindings): GoogleConfig | null {
  const clientId = setting(env.GOOGLE_CLIENT_ID);
  if (!clientId) return null;
  return {
    clientId,
    certsUrl: setting(env.GOOGLE_CERTS_URL) ?? GOOGLE_CERTS_URL,
    authorizeUrl: setting(env.GOOGLE_AUTHORIZE_URL) ?? GOOGLE_AUTHORIZE_URL,
  };
}

/** From env: FACEBOOK_APP_ID + FACEBOOK_APP_SECRET (+ optional FACEBOOK_GRAPH_URL, FACEBOOK_DIALOG_URL); null when either is missing. */
export function facebookConfig(env: ExternalBindings): FacebookConfig | null {
  const appId = setting(env.FACEBOOK_APP_ID);
  const appSecret = setting(env.FACEBOOK_APP_SECRET);
  if (!appId || !appSecret) return null;
  return {
    appId,
    appSecret,
    graphUrl: withoutTrailingSlash(setting(env.FACEBOOK_GRAPH_URL) ?? FACEBOOK_GRAPH_URL),
    dialogUrl: setting(env.FACEBOOK_DIALOG_URL) ?? FACEBOOK_DIALOG_URL,
  };
}
