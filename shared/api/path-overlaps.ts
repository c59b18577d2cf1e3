/**
 * Paths of the document that look alike (docs/decisions/057-openapi-security-and-limits.md). Two templated paths
 * overlap when they have as many segments and, segment by segment, are equal or one is a parameter; linters
 * (Redocly's no-ambiguous-paths) flag the pairs with as many parameters on each side. The wire paths are the
 * spec's and stay: each pair is either disjoint (a parameter's pattern or format refuses the other path's
 * literal at that segment, so no URL valid for one is valid for the other; literal segments are routed first,
 * worker/http/routes.ts) or listed in `ALLOWED_OVERLAPS` with the reason it is safe. The document says which,
 * on both path items (`x-path-overlaps`).
 */

type Json = Record<string, unknown>;

/** The overlaps whose patterns do not separate them, and why each is harmless. Keyed `"a | b"` (document order). */
export const ALLOWED_OVERLAPS: Readonly<Record<string, string>> = {
  "/articles/admin | /articles/{slug}":
    "No method in common: GET /articles/admin is the operators' list and PUT /articles/{slug} edits one article, so no request can reach both operations (an article slugged `admin` is edited by PUT as any other).",
};

export interface PathOverlap {
  readonly paths: readonly [string, string];
  /** Whether linters that ignore patterns call the pair ambiguous (as many parameters on each side). */
  readonly flagged: boolean;
  /** How the pair is told apart: the segment a pattern or format settles, else the allowlist's reason; null when neither. */
  readonly resolution: string | null;
}

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
const isTemplate = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** The schema of a path parameter, from any operation of the path item. */
function parameterSchema(item: Json, name: string): Json | undefined {
  for (const op of Object.values(item)) {
    const params = ((op as Json).parameters ?? []) as { name: string; in: string; schema: Json }[];
    const found = params.find((p) => p.in === "path" && p.name === name);
    if (found) return found.schema;
  }
  return undefined;
}

/** Whether the parameter's documented constraints (pattern, uuid format, enum) refuse `literal`. */
function refuses(schema: Json | undefined, literal: string): string | null {
  if (!schema) return null;
  if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(literal)) return `pattern ${schema.pattern}`;
  if (schema.format === "uuid" && !UUID.test(literal)) return "format uuid";
  if (Array.isArray(schema.enum) && !schema.enum.includes(literal)) return "its enum";
  return null;
}

/** Every pair of paths that overlap, with how each is resolved. */
export function pathOverlaps(paths: Readonly<Record<string, Json>>): PathOverlap[] {
  const keys = Object.keys(paths);
  const out: PathOverlap[] = [];
  for (let i = 0; i < keys.length; i++)
    for (let j = i + 1; j < keys.length; j++) {
      const [a, b] = [keys[i]!, keys[j]!];
      const x = a.split("/");
      const y = b.split("/");
      if (x.length !== y.length) continue;
      let alike = true;
      let settled: string | null = null;
      for (let k = 0; k < x.length && alike; k++) {
        const [s, t] = [x[k]!, y[k]!];
        if (s === t || (isTemplate(s) && isTemplate(t))) continue;
        if (!isTemplate(s) && !isTemplate(t)) alike = false;
        else if (settled === null) {
          const [template, literal, owner] = isTemplate(s) ? [s, t, a] : [t, s, b];
          const why = refuses(parameterSchema(paths[owner]!, template.slice(1, -1)), literal);
          if (why) settled = `${template} of ${owner} is never \`${literal}\` (${why})`;
        }
      }
      if (!alike) continue;
      const flagged = x.filter(isTemplate).length === y.filter(isTemplate).length;
      out.push({ paths: [a, b], flagged, resolution: settled ?? ALLOWED_OVERLAPS[`${a} | ${b}`] ?? null });
    }
  return out;
}

/** Adds `x-path-overlaps` to each path item that overlaps another: the other path and how they are told apart. */
export function markOverlaps(paths: Record<string, Json>): void {
  for (const o of pathOverlaps(paths)) {
    const [a, b] = o.paths;
    for (const [self, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const item = paths[self]!;
      const list = (item["x-path-overlaps"] ??= []) as Json[];
      list.push({ path: other, resolution: o.resolution ?? "UNRESOLVED" });
    }
  }
}
