import { NONCE, secureHeaders } from "hono/secure-headers";

/** The Content-Security-Policy directives, with the given script sources (one place for both forms below). */
const directives = <S>(scriptSrc: S[]) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...scriptSrc],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // Checkout's Place order and re-payment forms are answered with a redirect to PayPal's approval page, and
  // form-action also governs where a form's redirects may go.
  formAction: ["'self'", "https://www.paypal.com", "https://www.sandbox.paypal.com"],
  frameAncestors: ["'none'"],
});

const kebab = (name: string) => name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`);

/**
 * The policy for a page whose inline scripts are allowed by hash (`'sha256-…'` sources) instead of a
 * nonce: shared renders (worker/page-cache.ts) are byte-identical for every visitor, so they cannot carry
 * a per-response nonce.
 */
export function contentSecurityPolicy(scriptSources: string[]): string {
  return Object.entries(directives(scriptSources))
    .map(([name, values]) => `${kebab(name)} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Security headers for every response. Scripts run only from our origin or with the per-request nonce
 * (React Router's inline hydration data); no third-party origin is allowed anywhere. A response that set
 * its own Content-Security-Policy (a shared render, allowing its inline scripts by hash) keeps it.
 */
export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: directives([NONCE]),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: "max-age=63072000; includeSubDomains",
    xFrameOptions: "DENY",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    overwrite: false,
  });
}
