/**
 * A deployed worker fails closed (docs/decisions/050-fail-closed.md): staging and production serve no local-only
 * route, and with any secret or setting missing they answer 503 on every route instead of signing with a built-in key.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "#worker/env.ts";
import worker from "#worker/index.ts";
import { SIGNING_SECRETS } from "#worker/platform/config.ts";
import { deployedEnv } from "../deployed-env";
import { orderKey } from "#worker/orders/keys.ts";

const fetchAs = (bindings: Bindings, path: string, init: RequestInit = {}) =>
  worker.fetch(
    new Request(new URL(path, "https://loupe.test"), { redirect: "manual", ...init }) as Parameters<typeof worker.fetch>[0],
    bindings as typeof env,
    createExecutionContext(),
  );

const LOCAL_ONLY_PATHS = ["/dev/outbox", "/dev/events", "/dev/gateway/anything", "/dev/gateway/x/approve"];

describe.each(["staging", "production"] as const)("a %s worker", (appEnv) => {
  it("serves the shop when configured completely", async () => {
    const bindings = deployedEnv(appEnv);
    expect((await fetchAs(bindings, "/faq")).status).toBe(200);
    expect((await fetchAs(bindings, "/api/version")).status).toBe(200);
  });

  it.each(LOCAL_ONLY_PATHS)("has no %s", async (path) => {
    const res = await fetchAs(deployedEnv(appEnv), path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/outbox|gateway|approve/i);
    const post = await fetchAs(deployedEnv(appEnv), path, { method: "POST", headers: { origin: "https://loupe.test" } });
    expect(post.status).toBe(404);
  });

  it.each([...SIGNING_SECRETS, "SITE_ORIGIN", "ACCESS_TEAM_DOMAIN", "ACCESS_AUD", "RESEND_API_KEY"])("answers 503 everywhere without %s", async (name) => {
    const bindings = deployedEnv(appEnv, { [name]: undefined });
    for (const path of ["/", "/faq", "/dev/outbox", "/orders/LP-1-abc"]) {
      const res = await fetchAs(bindings, path);
      expect(res.status, path).toBe(503);
      expect(await res.text()).not.toContain(name);
    }
    const api = await fetchAs(bindings, "/api/version");
    expect(api.status).toBe(503);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("service_unavailable");
  });

  it("refuses a local-only variable, a plain-http origin and a short secret", async () => {
    expect((await fetchAs(deployedEnv(appEnv, { ADMIN_TOKEN: "shared-token" }), "/faq")).status).toBe(503);
    expect((await fetchAs(deployedEnv(appEnv, { SITE_ORIGIN: "http://loupe.test" }), "/faq")).status).toBe(503);
    expect((await fetchAs(deployedEnv(appEnv, { ORDER_KEY_SECRET: "short" }), "/faq")).status).toBe(503);
    expect((await fetchAs(deployedEnv(appEnv, { GOOGLE_CERTS_URL: "http://127.0.0.1:9/certs" }), "/faq")).status).toBe(503);
    expect((await fetchAs(deployedEnv(appEnv, { ACCESS_CERTS_URL: "https://keys.evil.example/certs" }), "/faq")).status).toBe(200);
  });
});

describe("the mode of a worker", () => {
  it("is production when APP_ENV is missing or unknown, and so fails closed", async () => {
    const { APP_ENV: _, ...withoutMode } = env as Bindings;
    expect((await fetchAs(withoutMode as Bindings, "/faq")).status).toBe(503);
    expect((await fetchAs({ ...env, APP_ENV: "Local" } as Bindings, "/dev/outbox")).status).toBe(503);
  });

  it("is local only by name, where /dev/* exists", async () => {
    expect(env.APP_ENV).toBe("local");
    expect((await fetchAs(env as Bindings, "/dev/outbox")).status).toBe(200);
  });

  it("signs order keys with the configured secret, never the development key, once deployed", async () => {
    const deployed = deployedEnv("production");
    const forged = await orderKey({ APP_ENV: "local" }, "LP-123456");
    expect(await orderKey(deployed, "LP-123456")).not.toBe(forged);
    await expect(orderKey({ APP_ENV: "production" }, "LP-123456")).rejects.toThrow(/ORDER_KEY_SECRET/);
  });
});
