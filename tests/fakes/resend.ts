/**
 * A loopback fake of Resend's send-email API (https://resend.com/docs/api-reference/emails/send-email), for
 * the worker tests of the email outbox: `POST /resend/emails` with `Authorization: Bearer …` and JSON
 * `{from, to, subject, html, text, headers}` answers `{id}`; errors are Resend's shape
 * `{statusCode, name, message}`. It honours `Idempotency-Key` as Resend does (the same key answers the first
 * id again and sends nothing) and records every accepted email.
 *
 * Control (`POST /__control/resend/{action}`, JSON; tests/worker/email/resend-control.ts):
 * - `fail` `{count, status, to?}`: the next `count` requests (to that recipient only, when `to` is given —
 *   test files run in parallel against this one fake) answer `status` (500, 429 with Retry-After, 422, …);
 * - `emails` `{to?}`: the accepted emails; `requests` `{to?}`: every request with the status it got;
 * - `reset`: forgets everything.
 */
import type { Fake } from "./server";

/** An email the fake accepted (what a mailbox would receive). */
export interface FakeEmail {
  id: string;
  idempotencyKey: string | null;
  authorization: string | null;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** One request the fake answered. */
export interface FakeRequest {
  to: string[];
  idempotencyKey: string | null;
  status: number;
  /** The answer repeated an earlier id for the same idempotency key. */
  replayed: boolean;
}

interface Failure {
  count: number;
  status: number;
  to?: string;
}

const ERROR_NAMES: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  409: "invalid_idempotent_request",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
  503: "application_error",
};

const emails: FakeEmail[] = [];
const requests: FakeRequest[] = [];
const byKey = new Map<string, string>();
let failures: Failure[] = [];

const error = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ statusCode: status, name: ERROR_NAMES[status] ?? "application_error", message }, { status, headers });

const sentTo = (to: string | undefined) => (r: { to: string[] }) => !to || r.to.some((a) => a.toLowerCase() === to.toLowerCase());

async function sendEmail(request: Request): Promise<Response> {
  const authorization = request.headers.get("authorization");
  const key = request.headers.get("idempotency-key");
  let body: Partial<Omit<FakeEmail, "to">> & { to?: string | string[] };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return error(422, "The request body is not valid JSON.");
  }
  const to = body.to === undefined ? [] : Array.isArray(body.to) ? body.to : [body.to];
  const answer = (status: number, response: Response, replayed = false) => {
    requests.push({ to, idempotencyKey: key, status, replayed });
    return response;
  };
  if (!authorization?.startsWith("Bearer ") || authorization.length <= "Bearer ".length)
    return answer(401, error(401, "Missing API key in the authorization header."));
  const failure = failures.find((f) => f.count > 0 && sentTo(f.to)({ to }));
  if (failure) {
    failure.count--;
    failures = failures.filter((f) => f.count > 0);
    return answer(failure.status, error(failure.status, "Failure set by the test.", failure.status === 429 ? { "Retry-After": "1" } : {}));
  }
  if (!body.from || !to.length || !body.subject || !(body.html || body.text)) {
    return answer(422, error(422, "from, to, subject and html or text are required."));
  }
  if (key !== null) {
    const earlier = byKey.get(key);
    if (earlier) return answer(200, Response.json({ id: earlier }), true);
  }
  const id = crypto.randomUUID();
  if (key !== null) byKey.set(key, id);
  emails.push({
    id,
    idempotencyKey: key,
    authorization,
    from: body.from,
    to,
    subject: body.subject,
    html: body.html ?? "",
    text: body.text ?? "",
    headers: body.headers ?? {},
  });
  return answer(200, Response.json({ id }));
}

export const resendFake: Fake = {
  prefix: "/resend",
  handle: (request) => {
    const path = new URL(request.url).pathname;
    if (request.method === "POST" && path === "/emails") return sendEmail(request);
    return error(404, `The fake has no ${request.method} ${path}.`);
  },
  control: (action, input) => {
    const body = (input ?? {}) as { count?: number; status?: number; to?: string };
    switch (action) {
      case "fail":
        failures.push({ count: body.count ?? 1, status: body.status ?? 500, to: body.to });
        return { ok: true };
      case "emails":
        return emails.filter(sentTo(body.to));
      case "requests":
        return requests.filter(sentTo(body.to));
      case "reset":
        emails.length = 0;
        requests.length = 0;
        byKey.clear();
        failures = [];
        return { ok: true };
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
