/**
 * The operators' audit (docs/decisions/056-operator-access.md): after the handler of every state-changing request
 * (any method but GET, HEAD and OPTIONS) that proved an operator — an admin call, an operator page's post, the
 * local login — one `operator_actions` row: when, who, the method and path, the target (the path's order number,
 * slug or id) and the status answered. Requests that never asked who the operator is (a shopper's) write nothing.
 * The row follows the answer (it records the outcome), so it is its own write: a failure to write it is logged,
 * and the answer stays.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { operatorClock } from "./admin";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The operator pages whose next path segment names what a post acts on (`/operator/orders/{n}`). */
const PAGES_WITH_TARGETS = ["/operator/orders/", "/operator/conversations/", "/content/articles/", "/gemologist-reviews/", "/content/"];

/** What a page post acts on, from its path; null when the path names nothing. */
export function pageTarget(path: string): string | null {
  const page = PAGES_WITH_TARGETS.find((p) => path.startsWith(p));
  const rest = page ? path.slice(page.length).split("/")[0] : "";
  if (!rest) return null;
  try {
    return decodeURIComponent(rest).slice(0, 200);
  } catch {
    return rest.slice(0, 200);
  }
}

export function operatorAudit() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (READS.has(c.req.method)) return;
    const pending = c.get("operator") as Promise<string | null> | undefined;
    const operator = pending ? await pending.catch(() => null) : null;
    if (!operator) return;
    const path = new URL(c.req.url).pathname;
    const target = (c.get("operatorTarget") as string | undefined) ?? (path.startsWith("/api/") ? null : pageTarget(path));
    try {
      await c.env.DB.prepare("INSERT INTO operator_actions (at, operator, method, path, target, status) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(operatorClock.now(), operator, c.req.method, path.slice(0, 500), target, c.res.status)
        .run();
    } catch (e) {
      console.error(JSON.stringify({ level: "error", message: "operator_action_not_recorded", detail: `${operator} ${c.req.method} ${path}: ${String(e)}` }));
    }
  });
}
