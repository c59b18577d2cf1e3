/**
 * The bindings of a completely configured deployed worker (staging or production) for tests that run the worker
 * in another mode than the local one: every signing secret (distinct, long enough), an https origin, operator
 * access and the email provider, and none of the local-only variables (docs/decisions/050-fail-closed.md).
 */
import { env } from "cloudflare:test";
import type { Bindings } from "#worker/env.ts";
import { SIGNING_SECRETS } from "#worker/platform/config.ts";

export function deployedBindings(appEnv: "staging" | "production", overrides: Record<string, string | undefined> = {}): Partial<Bindings> {
  const secrets = Object.fromEntries(SIGNING_SECRETS.map((name) => [name, `${name.toLowerCase()}-0123456789abcdef0123456789abcdef`]));
  return {
    ...secrets,
    APP_ENV: appEnv,
    SITE_ORIGIN: "https://loupe.test",
    ACCESS_TEAM_DOMAIN: "loupe.cloudflareaccess.com",
    ACCESS_AUD: "test-audience",
    RESEND_API_KEY: "re_test_key",
    ADMIN_TOKEN: "",
    ...overrides,
  } as Partial<Bindings>;
}

/** The test env as a deployed worker's. */
export const deployedEnv = (appEnv: "staging" | "production", overrides: Record<string, string | undefined> = {}): Bindings =>
  ({ ...env, ...deployedBindings(appEnv, overrides) }) as Bindings;
