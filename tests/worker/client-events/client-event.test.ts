/**
 * `POST /api/logging/client-event` (decision 043): a local-storage-error event is validated and logged as one
 * structured line (204, nothing stored); anything else is a 400 and logs nothing.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ErrorBody, postJson } from "../helpers";

const EVENT = {
  event: "local-storage-error",
  storage: "localStorage",
  operation: "set",
  error: "QuotaExceededError",
  message: "The quota has been exceeded.",
  page: "/diamond-search",
};

afterEach(() => vi.restoreAllMocks());

function logLines() {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => warn.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);
}

describe("POST /api/logging/client-event", () => {
  it("logs a local-storage-error event as one structured line and answers 204", async () => {
    const lines = logLines();
    const res = await postJson("/api/logging/client-event", EVENT, { "user-agent": "Mozilla/5.0 (test)" });
    expect(res.status).toBe(204);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(lines()).toEqual([
      {
        level: "warn",
        message: "client event: local-storage-error",
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        event: EVENT,
        userAgent: "Mozilla/5.0 (test)",
      },
    ]);
  });

  it.each([
    ["an unknown event", { ...EVENT, event: "site-crashed" }],
    ["an unknown storage", { ...EVENT, storage: "indexedDB" }],
    ["an unknown operation", { ...EVENT, operation: "clear" }],
    ["a page that is not a site path", { ...EVENT, page: "https://elsewhere.example/" }],
    ["an overlong message", { ...EVENT, message: "x".repeat(201) }],
    ["a missing field", { event: "local-storage-error", storage: "localStorage" }],
  ])("refuses %s with a 400 and logs nothing", async (_what, body) => {
    const lines = logLines();
    const res = await postJson("/api/logging/client-event", body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe("bad_request");
    expect(lines()).toEqual([]);
  });
});
