/** `GET /api/openapi.json`: the document derived from the contract, built once per isolate. */
import { contentOperations } from "#shared/api/content.ts";
import { openApiDocument } from "#shared/api/openapi.ts";
import { handle } from "./routes";

let document: ReturnType<typeof openApiDocument> | undefined;

export const openapiRoutes = [
  handle(contentOperations.openapi, (_, c) => {
    document ??= openApiDocument();
    c.header("Cache-Control", "public, max-age=300");
    return { status: 200, body: document };
  }),
];
