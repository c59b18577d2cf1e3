/**
 * The worker's configuration check (docs/security.md, docs/decisions/050-fail-closed.md). `APP_ENV` names the mode:
 * `local` is what `npm start` and the tests ask for explicitly; anything else — staging, production, a missing or
 * misspelt value — is a deployed worker and must be configured completely: every signing secret, an https
 * `SITE_ORIGIN`, operator access, the email provider, each optional provider either whole or absent, and no
 * variable that only a local run or a test may set. A deployed worker with a problem answers 503 on every route
 * (worker/middleware/guard.ts) and never signs with a built-in key.
 */

/** The modes the worker knows; an unknown `APP_ENV` is treated as production. */
export type AppMode = "local" | "staging" | "production";

/** The variables and secrets the check reads (a loose bag: every binding is a string or absent). */
export type ConfigBindings = { APP_ENV?: string; SITE_ORIGIN?: string };

/** A binding's text by name (every variable and secret is a string; other bindings are not text). */
const text = (env: ConfigBindings, name: string): string => {
  const v = (env as Record<string, unknown>)[name];
  return typeof v === "string" ? v.trim() : "";
};

/** The mode of `env`: `local` only when asked for by name, production when unknown (fails closed). */
export function appMode(env: { APP_ENV?: string }): AppMode {
  if (env.APP_ENV === "local") return "local";
  if (env.APP_ENV === "staging") return "staging";
  return "production";
}

/** Whether `env` is a local run (`npm start`, the tests): the only mode with `/dev/*` and built-in development keys. */
export const isLocal = (env: { APP_ENV?: string }): boolean => appMode(env) === "local";

/** The signing secrets a deployed worker needs (each at least 32 characters; `wrangler secret put NAME`). */
export const SIGNING_SECRETS = [
  "VISITOR_COOKIE_SECRET",
  "ORDER_KEY_SECRET",
  "RETAILER_KEY_SECRET",
  "ACCOUNT_LINK_SECRET",
  "ALERT_LINK_SECRET",
  "PASSWORD_PEPPER",
  "RATING_IP_SECRET",
] as const;
export type SigningSecretName = (typeof SIGNING_SECRETS)[number];

/** Other settings a deployed worker cannot do without: operator sign-in (Cloudflare Access) and the email provider. */
const REQUIRED_DEPLOYED = ["ACCESS_TEAM_DOMAIN", "ACCESS_AUD", "RESEND_API_KEY"] as const;

/** Optional providers: all of a group or none of it (half a configuration is a mistake, not a choice). */
const WHOLE_GROUPS: readonly (readonly string[])[] = [
  ["FACEBOOK_APP_ID", "FACEBOOK_APP_SECRET"],
  ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
  ["BRAINTREE_PUBLIC_KEY", "BRAINTREE_PRIVATE_KEY"],
  // Stripe takes payments with its two keys; its webhook secret is what makes its events count.
  ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"],
  ["AFFIRM_PUBLIC_KEY", "AFFIRM_PRIVATE_KEY"],
  ["SPLITIT_USERNAME", "SPLITIT_PASSWORD", "SPLITIT_API_KEY"],
  ["TD_CLIENT_ID", "TD_CLIENT_SECRET", "TD_MERCHANT_ID", "TD_API_URL"],
  ["SUNSHINE_APP_ID", "SUNSHINE_KEY_ID", "SUNSHINE_KEY_SECRET"],
  ["META_PIXEL_ID", "META_ACCESS_TOKEN"],
  ["GA4_MEASUREMENT_ID", "GA4_API_SECRET"],
  ["TIKTOK_PIXEL_CODE", "TIKTOK_ACCESS_TOKEN"],
  ["PINTEREST_AD_ACCOUNT_ID", "PINTEREST_ACCESS_TOKEN"],
  ["SHAREASALE_MERCHANT_ID", "SHAREASALE_API_TOKEN", "SHAREASALE_API_SECRET"],
];

/** Variables only a local run or a test sets: loopback fakes of sign-in providers and the shared admin token. */
export const LOCAL_ONLY = ["ADMIN_TOKEN", "GOOGLE_CERTS_URL", "GOOGLE_AUTHORIZE_URL", "FACEBOOK_GRAPH_URL", "FACEBOOK_DIALOG_URL"] as const;

const MIN_SECRET_LENGTH = 32;

/** Whether `value` is an https origin and nothing more (`https://host[:port]`). */
function isHttpsOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "https:" && u.origin === value.replace(/\/$/, "") && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * What is wrong with a deployed worker's configuration, one line each (names only, never values); empty when
 * it is complete, and always empty for a local run.
 */
export function configProblems(env: ConfigBindings): string[] {
  if (isLocal(env)) return [];
  const problems: string[] = [];
  if (env.APP_ENV !== "staging" && env.APP_ENV !== "production")
    problems.push(`APP_ENV must be staging or production (is ${JSON.stringify(env.APP_ENV ?? null)})`);
  if (!isHttpsOrigin(text(env, "SITE_ORIGIN"))) problems.push("SITE_ORIGIN must be this site's https origin (https://host)");
  for (const name of SIGNING_SECRETS) {
    const value = text(env, name);
    if (!value) problems.push(`${name} is not set`);
    else if (value.length < MIN_SECRET_LENGTH) problems.push(`${name} is shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  const distinct = new Set(SIGNING_SECRETS.map((n) => text(env, n)).filter(Boolean));
  if (distinct.size < SIGNING_SECRETS.filter((n) => text(env, n)).length) problems.push("the signing secrets must differ from each other");
  for (const name of REQUIRED_DEPLOYED) if (!text(env, name)) problems.push(`${name} is not set`);
  for (const group of WHOLE_GROUPS) {
    const set = group.filter((n) => text(env, n));
    if (set.length > 0 && set.length < group.length) problems.push(`${group.filter((n) => !text(env, n)).join(", ")} missing (${set.join(", ")} set)`);
  }
  for (const name of LOCAL_ONLY) if (text(env, name)) problems.push(`${name} is for local runs and tests only`);
  for (const name of Object.keys(env)
    .filter((n) => n.endsWith("_URL"))
    .sort()) {
    const value = text(env, name);
    if (value && !value.startsWith("https://")) problems.push(`${name} must be an https URL`);
  }
  return problems;
}

/** The problems of `env`, worked out once per bindings object (an isolate's env is one object for its life). */
const checked = new WeakMap<object, string[]>();
export function configProblemsOnce(env: ConfigBindings): string[] {
  let problems = checked.get(env);
  if (!problems) {
    problems = configProblems(env);
    checked.set(env, problems);
  }
  return problems;
}

/**
 * This site's origin for links that leave the request (emails, feeds, the operator's notices): `SITE_ORIGIN`,
 * never the request's Host header. A local run without it uses `http://localhost:8787`; a deployed worker
 * without it never gets this far (the configuration check answers 503).
 */
export function siteOrigin(env: { APP_ENV?: string; SITE_ORIGIN?: string }): string {
  const configured = env.SITE_ORIGIN?.trim().replace(/\/$/, "");
  if (configured) return configured;
  if (isLocal(env)) return "http://localhost:8787";
  throw new Error("SITE_ORIGIN is not configured");
}
