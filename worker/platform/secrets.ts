/**
 * The signing secrets (docs/security.md). Each purpose has its own secret; a local run (`APP_ENV=local`) with one
 * unset signs with a development key written here, and a deployed worker never does: it refuses to start without
 * every one of them (worker/platform/config.ts), and asking for an unset one outside a local run throws.
 */
import { isLocal, type SigningSecretName } from "./config";

/** The development keys of a local run (public on purpose: they protect nothing). */
const DEVELOPMENT_KEYS: Record<SigningSecretName, string> = {
  VISITOR_COOKIE_SECRET: "loupe-local-development-only",
  ORDER_KEY_SECRET: "loupe-local-development-order-keys",
  RETAILER_KEY_SECRET: "loupe-local-development-retailer-keys",
  ACCOUNT_LINK_SECRET: "loupe-local-development-links",
  ALERT_LINK_SECRET: "loupe-local-development-alert-links",
  PASSWORD_PEPPER: "",
  RATING_IP_SECRET: "loupe-local-development-rating-addresses",
};

/** The configured secret `name`, or (local runs only) its development key. */
export function signingSecret(env: { APP_ENV?: string } & Partial<Record<SigningSecretName, string>>, name: SigningSecretName): string {
  const configured = env[name];
  if (configured) return configured;
  if (isLocal(env)) return DEVELOPMENT_KEYS[name];
  throw new Error(`${name} is not configured`);
}
