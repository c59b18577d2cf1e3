/**
 * The browser's typed calls to the API, by the contract's key (shared/api): `call("POST /diamonds2",
 * { body })`. The input and the answer are typed by the operation's declaration; only its types reach the
 * bundle (the key names the method and the path). The worker's contract tests hold the server to the
 * declared schemas, so an answer's body is read as declared.
 */
import type { ApiContract, OperationKey } from "#shared/api/index.ts";
import type { RequestOf, Result } from "#shared/api/operation.ts";
import type { ErrorEnvelope } from "#shared/schemas.ts";

type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** `/settings/{id}/{metal}` with its parameters filled in (each URI-encoded). */
function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}

/** The URL of a call: `/api` + the filled path + the query (undefined values left out). */
export function urlOf(key: OperationKey, input: Input = {}): string {
  const path = fillPath(key.slice(key.indexOf(" ") + 1), input.params);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  return `/api${path}${qs ? `?${qs}` : ""}`;
}

/**
 * Calls one operation (`input` is `{}` for one without parameters or body). Network failures reject; every
 * HTTP answer resolves (`ok` says which kind). `keepalive` lets the call outlive the page.
 */
export async function call<K extends OperationKey>(key: K, input: RequestOf<ApiContract[K]>, { keepalive = false } = {}): Promise<Result<ApiContract[K]>> {
  const { body } = input as Input;
  const init: RequestInit = { method: key.slice(0, key.indexOf(" ")), headers: { accept: "application/json" }, keepalive };
  if (body !== undefined) {
    init.headers = { accept: "application/json", "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(urlOf(key, input as Input), init);
  const json: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (res.ok || (res.status >= 300 && res.status < 400)) return { ok: true, status: res.status, data: json } as Result<ApiContract[K]>;
  const error = (json as Partial<ErrorEnvelope> | null)?.error ?? { code: "internal" as const, message: res.statusText || `HTTP ${res.status}` };
  return { ok: false, status: res.status, error } as Result<ApiContract[K]>;
}
