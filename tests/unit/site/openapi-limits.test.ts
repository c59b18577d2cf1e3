import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { operations } from "#shared/api/index.ts";
import { openApiDocument } from "#shared/api/openapi.ts";

type Json = Record<string, unknown>;
const doc = openApiDocument() as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

/** Every string schema under `schema` (references followed once) that says no maxLength, by where it is. */
function unboundedStrings(schema: unknown, where: string, seen = new Set<string>()): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => unboundedStrings(s, `${where}[${i}]`, seen));
  if (schema === null || typeof schema !== "object") return [];
  const s = schema as Json;
  if (typeof s.$ref === "string") {
    const name = s.$ref.replace("#/components/schemas/", "");
    if (seen.has(name)) return [];
    seen.add(name);
    return unboundedStrings(doc.components.schemas[name], `${where}→${name}`, seen);
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const own = types.includes("string") && s.maxLength === undefined && s.enum === undefined && s.const === undefined ? [where] : [];
  return [...own, ...Object.entries(s).flatMap(([k, x]) => (typeof x === "object" ? unboundedStrings(x, `${where}.${k}`, seen) : []))];
}

type Node = v.GenericSchema & { pipe?: readonly Node[]; [k: string]: unknown };

/** Every valibot string schema under `schema` whose pipe has no max_length (or length) action: text the API would take at any length. */
function unenforcedStrings(schema: Node, where: string): string[] {
  const inner = (s: unknown, w: string) => (s && typeof s === "object" && "kind" in s && s.kind === "schema" ? unenforcedStrings(s as Node, w) : []);
  const pipe = schema.pipe ?? [];
  if (schema.type === "string") {
    // A pipe may start with another piped string (`v.pipe(Text, v.check(…))`): its actions count too.
    const bounded = pipe.some(
      (a) => a.type === "max_length" || a.type === "length" || (a !== schema && a.kind === "schema" && unenforcedStrings(a, where).length === 0),
    );
    return bounded ? [] : [where];
  }
  const out: string[] = [];
  if (schema.entries) for (const [k, s] of Object.entries(schema.entries as Record<string, unknown>)) out.push(...inner(s, `${where}.${k}`));
  if (Array.isArray(schema.options)) schema.options.forEach((s, i) => out.push(...inner(s, `${where}|${i}`)));
  if (Array.isArray(schema.items)) schema.items.forEach((s, i) => out.push(...inner(s, `${where}[${i}]`)));
  else
    out.push(...inner(schema.item, `${where}[]`), ...inner(schema.wrapped, where), ...inner(schema.key, `${where}{key}`), ...inner(schema.value, `${where}{}`));
  out.push(...inner(schema.rest, `${where}...`));
  return out;
}

describe("the limits of the API's text", () => {
  it("gives every string parameter and request body field a maxLength in the document", () => {
    const unbounded: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const at = `${method.toUpperCase()} ${path}`;
        for (const p of (op.parameters ?? []) as { name: string; in: string; schema: Json }[])
          unbounded.push(...unboundedStrings(p.schema, `${at} ${p.in} ${p.name}`));
        const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema: Json }>;
        for (const [type, c] of Object.entries(content)) unbounded.push(...unboundedStrings(c.schema, `${at} ${type}`));
      }
    expect(unbounded).toEqual([]);
  });

  it("enforces a maximum length on every string the operations read (path, query and body schemas)", () => {
    const unenforced = operations.flatMap((op) =>
      (["params", "query", "body"] as const).flatMap((part) => (op[part] ? unenforcedStrings(op[part] as Node, `${op.method} ${op.path} ${part}`) : [])),
    );
    expect(unenforced).toEqual([]);
  });

  it("refuses one character past a parameter's documented maxLength", () => {
    let checked = 0;
    for (const op of operations)
      for (const [part, where] of [
        ["params", "path"],
        ["query", "query"],
      ] as const) {
        const schema = op[part];
        if (!schema) continue;
        const object = ("entries" in schema ? schema : (schema as unknown as { pipe: v.GenericSchema[] }).pipe[0]) as unknown as {
          entries: Record<string, v.GenericSchema>;
        };
        const documented = doc.paths[op.path]![op.method.toLowerCase()]!.parameters as { name: string; in: string; schema: Json }[];
        for (const [name, entry] of Object.entries(object.entries)) {
          const max = documented.find((p) => p.in === where && p.name === name)?.schema.maxLength;
          if (typeof max !== "number") continue;
          const result = v.safeParse(entry, "1".repeat(max + 1));
          expect(result.success, `${op.method} ${op.path} ${name}`).toBe(false);
          expect(
            result.issues?.map((i) => i.type),
            `${op.method} ${op.path} ${name}`,
          ).toContain("max_length");
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(100);
  });
});
