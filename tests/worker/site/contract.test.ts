import { describe, expect, it } from "vitest";
import { operations } from "#shared/api/index.ts";
import { api } from "#worker/http/api.ts";
import { honoPath } from "#worker/http/routes.ts";
import { call } from "../helpers";

describe("the API contract", () => {
  it("registers every documented operation, and documents every registered /api route", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    // A path item's other keys (`x-path-overlaps`) are not operations.
    const methods = (item: Record<string, unknown>) => Object.keys(item).filter((k) => ["get", "put", "post", "delete", "patch"].includes(k));
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => methods(item).map((method) => `${method.toUpperCase()} ${honoPath(path)}`));
    // Hono lists middleware too (method ALL): the catch-all and the API-wide middleware are not operations.
    const registered = api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
    expect(new Set(registered)).toEqual(new Set(documented));
    expect(registered).toHaveLength(operations.length);
  });

  it("answers the unknown-route 404 for a path no operation serves", async () => {
    const res = await call("/api/no-such-call", { method: "POST" });
    expect(res.status).toBe(404);
  });
});
