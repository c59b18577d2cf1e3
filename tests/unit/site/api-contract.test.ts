import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { operations } from "#shared/api/index.ts";
import { openApiDocument } from "#shared/api/openapi.ts";
import { checkContract, operationFor } from "../../worker/contract";

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names each operation once and lists every status: 403 and 413 for any call but GET, 415 for bodies, 401 for signed-in calls, 503 for all", () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const doc = openApiDocument() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths["/orders/price-lock"]!.post!.responses)).toEqual(["200", "201", "403", "409", "413", "429", "500", "503"]);
    expect(Object.keys(doc.paths["/diamonds2"]!.post!.responses)).toEqual(["200", "400", "403", "413", "415", "500", "503"]);
    expect(Object.keys(doc.paths["/info/user"]!.get!.responses)).toEqual(["200", "401", "500", "503"]);
    for (const [path, methods] of [
      ["/orders/draft", "post"],
      ["/cart/version", "get"],
      ["/preferences/theme", "post"],
    ] as const)
      expect(doc.paths[path]?.[methods], path).toBeDefined();
  });
});

describe("the contract check of the worker tests", () => {
  const req = (method: string, path: string) => new Request(`https://loupe.test${path}`, { method });
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("picks the most literal operation for a path", () => {
    expect(operationFor("GET", "/api/settings/best-selling")?.operationId).toBe("bestSellingSettings");
    expect(operationFor("GET", "/api/settings/12")?.operationId).toBe("getSetting");
    expect(operationFor("GET", "/api/settings/get-valid-promotion-code/12")?.operationId).toBe("validSettingPromotion");
    expect(operationFor("PATCH", "/api/cart")).toBeUndefined();
  });

  it("accepts a documented answer", async () => {
    await expect(checkContract(req("GET", "/api/cart/version"), json(200, { schemaVersion: 2 }))).resolves.toBeUndefined();
    await expect(
      checkContract(req("GET", "/api/searches/x"), json(404, { error: { code: "not_found", message: "No filters found" } })),
    ).resolves.toBeUndefined();
  });

  it("refuses an undocumented status, a body off its schema and a body where none is documented", async () => {
    await expect(checkContract(req("GET", "/api/cart/version"), json(409, { error: { code: "conflict", message: "x" } }))).rejects.toThrow(
      /status 409 is not documented/,
    );
    await expect(checkContract(req("GET", "/api/cart/version"), json(200, { schemaVersion: "2" }))).rejects.toThrow(/schemaVersion/);
    await expect(checkContract(req("POST", "/api/preferences/theme"), json(303, { theme: "dark" }))).rejects.toThrow(/without a body/);
    await expect(checkContract(req("GET", "/api/nothing-here"), json(200, {}))).rejects.toThrow(/no operation serves/);
  });
});
