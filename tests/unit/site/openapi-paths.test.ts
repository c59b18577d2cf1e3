import { describe, expect, it } from "vitest";
import { openApiDocument } from "#shared/api/openapi.ts";
import { ALLOWED_OVERLAPS } from "#shared/api/path-overlaps.ts";

type Param = { name: string; in: string; schema: { pattern?: string; format?: string } };
type Item = Record<string, { parameters?: Param[] }> & { "x-path-overlaps"?: { path: string; resolution: string }[] };
const doc = openApiDocument() as { paths: Record<string, Item> };
const paths = Object.keys(doc.paths);
const METHODS = ["get", "put", "post", "delete", "patch"];
const isTemplate = (s: string) => s.startsWith("{") && s.endsWith("}");

/** Whether path parameter `{name}` of `path` may take the value `literal`, by its documented pattern or format. */
function admits(path: string, template: string, literal: string): boolean {
  const name = template.slice(1, -1);
  const param = METHODS.flatMap((m) => doc.paths[path]![m]?.parameters ?? []).find((p) => p.in === "path" && p.name === name);
  if (param?.schema.pattern !== undefined && !new RegExp(param.schema.pattern, "u").test(literal)) return false;
  if (param?.schema.format === "uuid" && !/^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i.test(literal)) return false;
  return true;
}

/** Two paths one URL could match: as many segments, each pair equal, both templates, or a template that admits the other's literal. */
function ambiguous(a: string, b: string): boolean {
  const x = a.split("/");
  const y = b.split("/");
  if (x.length !== y.length) return false;
  return x.every((s, i) => {
    const t = y[i]!;
    if (s === t || (isTemplate(s) && isTemplate(t))) return true;
    if (isTemplate(s)) return admits(a, s, t);
    if (isTemplate(t)) return admits(b, t, s);
    return false;
  });
}

/** Redocly's no-ambiguous-paths: as many segments, literals equal where neither is a template, as many templates on each side. */
function flaggedByLinters(a: string, b: string): boolean {
  const x = a.split("/");
  const y = b.split("/");
  if (x.length !== y.length) return false;
  const literalsAgree = x.every((s, i) => isTemplate(s) || isTemplate(y[i]!) || s === y[i]);
  return literalsAgree && x.filter(isTemplate).length === y.filter(isTemplate).length;
}

const pairs = (test: (a: string, b: string) => boolean) =>
  paths.flatMap((a, i) =>
    paths
      .slice(i + 1)
      .filter((b) => test(a, b))
      .map((b) => `${a} | ${b}`),
  );

describe("the document's paths", () => {
  it("has no two paths one URL could match, but those allowed with their reason", () => {
    expect(pairs(ambiguous)).toEqual(Object.keys(ALLOWED_OVERLAPS));
    for (const reason of Object.values(ALLOWED_OVERLAPS)) expect(reason.length).toBeGreaterThan(40);
  });

  it("keeps the allowed overlap harmless: GET /articles/admin and PUT /articles/{slug} share no method", () => {
    const methods = (p: string) => METHODS.filter((m) => doc.paths[p]![m]);
    expect(methods("/articles/admin")).toEqual(["get"]);
    expect(methods("/articles/{slug}")).toEqual(["put"]);
  });

  it("says on both path items how each pair that linters call ambiguous is told apart", () => {
    const flagged = pairs(flaggedByLinters);
    expect(flagged.length).toBeGreaterThanOrEqual(14);
    for (const pair of flagged) {
      const [a, b] = pair.split(" | ") as [string, string];
      for (const [self, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const note = doc.paths[self]!["x-path-overlaps"]?.find((o) => o.path === other);
        expect(note, `${self} → ${other}`).toBeDefined();
        expect(note!.resolution, `${self} → ${other}`).not.toBe("UNRESOLVED");
      }
    }
    expect(doc.paths["/orders/{id}/status"]!["x-path-overlaps"]).toContainEqual({
      path: "/orders/payment/{id}",
      resolution: "{id} of /orders/{id}/status is never `payment` (pattern ^LP\\d{10}$)",
    });
  });
});
