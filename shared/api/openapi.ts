/**
 * The OpenAPI 3.1 document, derived from the contract (shared/api/index.ts): one path item per operation,
 * its parameters from the path and query schemas, its body, and every status it can answer
 * (`answersOf`). Schemas with a name in `COMPONENTS` become `#/components/schemas/{name}` wherever
 * they appear; the rest are inlined. Refinements (`v.check`) have no JSON Schema form: the operation's
 * description says them.
 */
import { toJsonSchema, toJsonSchemaDefs } from "@valibot/to-json-schema";
import { CarePlanQuotesResponse, CartIntent, CartView, OrderDraftResponse, PriceLockResponse, ValidPromotionResponse } from "../cart/schemas";
import { SearchHeading, TrafficAlert } from "../content";
import { ExperimentOverride } from "../experiments/overrides";
import { ExperimentAssignments, ExperimentEvent, ExperimentReport } from "../experiments/schemas";
import { SimilarRingsRequest, SimilarRingsResponse } from "../rings";
import {
  Diamond,
  DiamondFilters,
  DiamondSearchRequest,
  DiamondSearchResponse,
  ErrorEnvelope,
  PromotionGroups,
  RetailerList,
  SavedSearch,
  SaveSearchResponse,
  SimilarDiamondsRequest,
  SimilarDiamondsResponse,
} from "../schemas";
import {
  SavedSettingSearch,
  SettingDetail,
  SettingFilters,
  SettingSearchRequest,
  SettingSearchResponse,
  SettingSummaryList,
  StudSettingsRequest,
} from "../settings/schemas";
import { operations } from "./index";
import { answersOf, type Operation, type Schema } from "./operation";
import { SearchIndexStatus } from "./search";
import { markOverlaps } from "./path-overlaps";
import { SECURITY_SCHEMES, securityOf } from "./security";

/** The schemas the document names (by identity): a reference wherever they are used. */
export const COMPONENTS = {
  DiamondSearchRequest,
  DiamondSearchResponse,
  Diamond,
  SimilarDiamondsRequest,
  SimilarDiamondsResponse,
  SimilarRingsRequest,
  SimilarRingsResponse,
  DiamondFilters,
  SaveSearchResponse,
  SavedSearch,
  RetailerList,
  PromotionGroups,
  ErrorEnvelope,
  CartIntent,
  CartView,
  PriceLockResponse,
  OrderDraftResponse,
  CarePlanQuotesResponse,
  ValidPromotionResponse,
  TrafficAlert,
  ExperimentAssignments,
  ExperimentEvent,
  ExperimentReport,
  ExperimentOverride,
  SettingFilters,
  SettingSearchRequest,
  SettingSearchResponse,
  SavedSettingSearch,
  SettingDetail,
  SettingSummaryList,
  StudSettingsRequest,
  SearchHeading,
  SearchIndexStatus,
} satisfies Record<string, Schema>;

type Json = Record<string, unknown>;

const CONFIG = { target: "draft-2020-12", errorMode: "ignore", typeMode: "input" } as const;

/**
 * `#/$defs/X` → `#/components/schemas/X`, no empty `required` lists, a nullable field's description on the field,
 * and a strict tuple's `items: false` (nothing past the listed items) said as `items: {not: {}}` (the same, in a
 * form OpenAPI linters read as a schema).
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== "object") return value;
  const out: Json = {};
  const anyOf = (value as Json).anyOf;
  if (Array.isArray(anyOf) && !("description" in value)) {
    const described = (anyOf as Json[]).find((x) => typeof x.description === "string");
    if (described) out.description = described.description;
  }
  for (const [k, x] of Object.entries(value)) {
    if (k === "$schema" || k === "$defs") continue;
    if (k === "required" && Array.isArray(x) && x.length === 0) continue;
    if (k === "items" && x === false) {
      out[k] = { not: {} };
      continue;
    }
    out[k] = k === "$ref" && typeof x === "string" ? x.replace("#/$defs/", "#/components/schemas/") : tidy(x);
  }
  return out;
}

const jsonSchema = (s: Schema): Json => tidy(toJsonSchema(s, { ...CONFIG, definitions: COMPONENTS })) as Json;

/** The object entries of a params or query schema (an object, or a pipe that starts with one). */
function entriesOf(s: Schema): Record<string, Schema> {
  const object = "entries" in s ? s : "pipe" in s ? (s.pipe as Schema[])[0] : undefined;
  if (!object || !("entries" in object)) throw new Error(`parameters must be an object schema, not ${s.type}`);
  return object.entries as Record<string, Schema>;
}

function parameters(op: Operation): Json[] {
  const list: Json[] = [];
  for (const [where, s] of [
    ["path", op.params],
    ["query", op.query],
  ] as const) {
    if (!s) continue;
    for (const [name, entry] of Object.entries(entriesOf(s))) {
      const optional = entry.type === "optional";
      list.push({ name, in: where, required: where === "path" || !optional, schema: jsonSchema(entry) });
    }
  }
  return list;
}

function operationObject(op: Operation): Json {
  const responses: Json = {};
  for (const [status, a] of [...answersOf(op)].sort(([x], [y]) => x - y)) {
    responses[String(status)] = { description: a.description, ...(a.schema ? { content: { "application/json": { schema: jsonSchema(a.schema) } } } : {}) };
  }
  const bodyContent = op.body && { schema: jsonSchema(op.body) };
  const params = parameters(op);
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: securityOf(op),
    ...(params.length ? { parameters: params } : {}),
    ...(bodyContent
      ? {
          requestBody: {
            required: true,
            content:
              op.bodyType === "json-or-form"
                ? { "application/json": bodyContent, "application/x-www-form-urlencoded": bodyContent }
                : { "application/json": bodyContent },
          },
        }
      : {}),
    responses,
  };
}

/** The whole document (built once per isolate by its caller). */
export function openApiDocument(ops: readonly Operation[] = operations): Json {
  const paths: Record<string, Json> = {};
  for (const op of ops) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  markOverlaps(paths);
  return {
    openapi: "3.1.0",
    info: {
      title: "Loupe API",
      version: "1.0.0",
      description:
        "Loupe marketplace API. Money in responses is integer US cents; price filters are whole US dollars. Every error uses the envelope {error:{code,message,details}}.",
    },
    servers: [{ url: "/api" }],
    paths,
    components: {
      schemas: tidy(toJsonSchemaDefs(COMPONENTS, CONFIG)),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
