/**
 * Writes the OpenAPI document derived from the contract (shared/api/openapi.ts) to a file, for linters:
 *
 *   npm run lint:openapi    # = tsx scripts/openapi-json.ts build/openapi.json && spectral lint … build/openapi.json
 *
 * The worker serves the same document at `GET /api/openapi.json`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { openApiDocument } from "../shared/api/openapi";

const target = process.argv[2] ?? "build/openapi.json";
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${target}\n`);
