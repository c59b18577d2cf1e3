import type { ErrorHandler } from "hono";
import type { AppEnv } from "../env";

/**
 * Last-resort handler for page requests (the API has its own): logs with the request id and answers a
 * plain apology page — never a stack trace.
 */
export const onPageError: ErrorHandler<AppEnv> = (err, c) => {
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: String(err), stack: err instanceof Error ? err.stack : undefined }));
  return c.html(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong — Loupe</title></head><body><h1>Something went wrong</h1><p>Please try again, or <a href="/">return to the home page</a>. Reference: ${c.get("requestId") ?? ""}</p></body></html>`,
    500,
  );
};
