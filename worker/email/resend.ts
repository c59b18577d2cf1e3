/**
 * The email provider's HTTP API: Resend's `POST /emails`
 * (https://resend.com/docs/api-reference/emails/send-email). One call sends one email; the answer is
 * `{ id }`, an error `{ statusCode, name, message }`. The `Idempotency-Key` header (kept by Resend for
 * 24 hours) makes a retry after a lost answer answer the first id again instead of sending twice.
 * Which failures are worth retrying is decided here: 429 and 5xx, a network error or a timeout, and 409
 * `concurrent_idempotent_requests` (the same key still in flight); any other 4xx is permanent.
 * docs/decisions/014-email-outbox.md
 */

/** How to reach Resend. `fetch` is injected so tests can point at a loopback fake or a stub. */
export interface ResendConfig {
  apiKey: string;
  /** `https://api.resend.com` in production; the tests' loopback fake otherwise. No trailing `/emails`. */
  apiUrl: string;
  /** The sender, e.g. `Loupe <hello@loupe.example>` (a verified domain in Resend). */
  from: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Gives up on an answer after this long (then the attempt is retried). */
  timeoutMs: number;
}

/** One email as the provider takes it. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** What the provider said: the message id, or why not and whether trying again may help. */
export type SendResult = { ok: true; id: string } | { ok: false; retryable: boolean; error: string; retryAfterMs?: number };

/** Resend's public API origin. */
export const RESEND_API_URL = "https://api.resend.com";

/** Longest error text kept (the outbox's `last_error`). */
const ERROR_LIMIT = 500;

async function errorText(response: Response): Promise<{ text: string; name: string }> {
  const raw = await response.text().catch(() => "");
  try {
    const body = JSON.parse(raw) as { name?: unknown; message?: unknown };
    const name = typeof body.name === "string" ? body.name : "";
    const message = typeof body.message === "string" ? body.message : raw;
    return { name, text: `HTTP ${response.status}${name ? ` ${name}` : ""}: ${message}`.slice(0, ERROR_LIMIT) };
  } catch {
    return { name: "", text: `HTTP ${response.status}: ${raw}`.slice(0, ERROR_LIMIT) };
  }
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Sends one email through Resend with the given idempotency key. Never throws: failures are results. */
export async function sendViaResend(config: ResendConfig, email: OutgoingEmail, idempotencyKey: string): Promise<SendResult> {
  const body: Record<string, unknown> = { from: config.from, to: [email.to], subject: email.subject, html: email.html, text: email.text };
  if (Object.keys(email.headers).length) body.headers = email.headers;
  let response: Response;
  try {
    response = await config.fetch(`${config.apiUrl.replace(/\/+$/, "")}/emails`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        "Content-Type": "application/json",
        "Idempotency-Key": idempotencyKey,
        "User-Agent": "loupe-worker",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    return { ok: false, retryable: true, error: `network: ${String(err)}`.slice(0, ERROR_LIMIT) };
  }
  if (response.ok) {
    const answer = (await response.json().catch(() => null)) as { id?: unknown } | null;
    if (answer && typeof answer.id === "string" && answer.id) return { ok: true, id: answer.id };
    return { ok: false, retryable: true, error: `HTTP ${response.status}: an answer without an id` };
  }
  const { name, text } = await errorText(response);
  const retryable = response.status === 429 || response.status >= 500 || (response.status === 409 && name === "concurrent_idempotent_requests");
  const after = retryAfterMs(response);
  return after === undefined ? { ok: false, retryable, error: text } : { ok: false, retryable, error: text, retryAfterMs: after };
}
