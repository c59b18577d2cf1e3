/**
 * A loopback fake of the upstream content service (worker/content/upstream.ts): `GET /content-service/{tenant}/content/item/{name}`
 * and `GET /content-service/{tenant}/content/tree/{name}?tree=1` answer the item's JSON, 404 when the tenant has
 * no such item, and 401 without the tenant's bearer token (when it has one). Each test file uses its own tenant
 * (the files run in parallel against this one fake). Recorded paths are without the `/content-service` prefix.
 *
 * Control (`POST /__control/content-service/{action}`, JSON):
 * - `set` `{tenant, items, token?}`: the tenant's items by name (replaces them and its behaviours);
 * - `behave` `{tenant, name, mode, ms?}`: that item answers 500 (`fail`), after `ms` milliseconds (`slow`), or
 *   with text that is not JSON (`garbage`);
 * - `requests` `{tenant}`: every request the tenant got (path and authorization).
 */
import type { Fake } from "./server";

interface Tenant {
  items: Record<string, unknown>;
  token: string | null;
  behaviours: Map<string, { mode: "fail" | "slow" | "garbage"; ms: number }>;
  requests: { path: string; authorization: string | null }[];
}

const tenants = new Map<string, Tenant>();

const tenantOf = (name: string): Tenant => {
  let t = tenants.get(name);
  if (!t) tenants.set(name, (t = { items: {}, token: null, behaviours: new Map(), requests: [] }));
  return t;
};

export const contentFake: Fake = {
  prefix: "/content-service",
  async handle(request) {
    const url = new URL(request.url);
    const m = /^\/([^/]+)\/content\/(item|tree)\/([^/]+)$/.exec(url.pathname);
    if (!m || request.method !== "GET") return Response.json({ message: "Not found" }, { status: 404 });
    const tenant = tenantOf(m[1]!);
    const name = decodeURIComponent(m[3]!);
    const authorization = request.headers.get("authorization");
    tenant.requests.push({ path: url.pathname + url.search, authorization });
    if (tenant.token && authorization !== `Bearer ${tenant.token}`) return Response.json({ message: "Unauthorized" }, { status: 401 });
    if (m[2] === "tree" && url.searchParams.get("tree") !== "1") return Response.json({ message: "tree=1 expected" }, { status: 400 });
    const behaviour = tenant.behaviours.get(name);
    if (behaviour?.mode === "fail") return Response.json({ message: "Internal error" }, { status: 500 });
    if (behaviour?.mode === "slow") await new Promise((resolve) => setTimeout(resolve, behaviour.ms));
    if (behaviour?.mode === "garbage") return new Response("<html>maintenance</html>", { headers: { "content-type": "text/html" } });
    if (!Object.hasOwn(tenant.items, name)) return Response.json({ message: "Not found" }, { status: 404 });
    return Response.json(tenant.items[name]);
  },
  control(action, body) {
    const b = (body ?? {}) as {
      tenant: string;
      items?: Record<string, unknown>;
      token?: string;
      name?: string;
      mode?: "fail" | "slow" | "garbage";
      ms?: number;
    };
    const tenant = tenantOf(b.tenant);
    switch (action) {
      case "set":
        tenants.set(b.tenant, { items: b.items ?? {}, token: b.token ?? null, behaviours: new Map(), requests: [] });
        return { ok: true };
      case "behave":
        tenant.behaviours.set(b.name!, { mode: b.mode!, ms: b.ms ?? 0 });
        return { ok: true };
      case "requests":
        return tenant.requests;
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
