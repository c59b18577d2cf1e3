/**
 * The first middleware of every request (docs/decisions/050-fail-closed.md): a deployed worker whose configuration
 * is incomplete (worker/platform/config.ts) answers 503 on every route, API and page alike, with the problem
 * logged once per isolate — it never runs on a built-in secret or serves a local-only route.
 */
import { createMiddleware } from "hono/factory";
import type { Bindings } from "../env";
import { configProblemsOnce } from "../platform/config";

const logged = new WeakSet<object>();

/** Logs the configuration's problems once per bindings object (names only, never values). */
export function reportConfigProblems(env: Bindings, problems: string[]): void {
  if (logged.has(env)) return;
  logged.add(env);
  console.error(JSON.stringify({ level: "error", event: "configuration_invalid", appEnv: env.APP_ENV ?? null, problems }));
}

/** Whether the worker may do work under `env` (logging why not, once). */
export function configured(env: Bindings): boolean {
  const problems = configProblemsOnce(env);
  if (problems.length) reportConfigProblems(env, problems);
  return problems.length === 0;
}

const MESSAGE = "Loupe is not available right now. Please try again later.";

/** 503 on every route while the configuration is incomplete. */
export function configurationGuard() {
  return createMiddleware<{ Bindings: Bindings }>(async (c, next) => {
    if (configured(c.env)) return next();
    const headers = { "Cache-Control": "no-store", "Retry-After": "300" };
    if (new URL(c.req.url).pathname.startsWith("/api/")) {
      return c.json({ error: { code: "service_unavailable", message: MESSAGE } }, 503, headers);
    }
    return c.text(MESSAGE, 503, headers);
  });
}
