import { describe, expect, it } from "vitest";
import { call, type ErrorBody, postJson } from "../helpers";

/** The 400 envelope's field paths. */
async function refusedFields(res: Response): Promise<string[]> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.error.code).toBe("bad_request");
  return (body.error.details ?? []).map((d) => d.path);
}

describe("text longer than the API's documented maxLength (docs/decisions/057-openapi-security-and-limits.md)", () => {
  it("refuses an over-long body field with the 400 envelope naming it, and takes one at the limit", async () => {
    const long = await postJson("/api/preferences/theme", { theme: "dark", returnTo: `/${"x".repeat(2048)}` });
    expect(await refusedFields(long)).toEqual(["returnTo"]);
    expect(long.headers.getSetCookie().join("")).not.toMatch(/loupe_theme=/);
    const atLimit = await postJson("/api/preferences/theme", { theme: "dark", returnTo: `/${"x".repeat(2047)}` });
    expect(atLimit.status).toBe(200);
  });

  it("refuses a card number padded past 40 characters, though the digits alone would pass", async () => {
    const padded = `1234567890123456${" ".repeat(30)}`;
    const res = await postJson("/api/orders/GetTdAccountInfo", { transactionLink: "tx-123", accountNumber: padded });
    expect(await refusedFields(res)).toEqual(["accountNumber"]);
  });

  it("refuses an over-long path or query parameter with 400, where a short unknown one is not found", async () => {
    expect((await call(`/api/searches/${"z".repeat(64)}`)).status).toBe(404);
    expect(await refusedFields(await call(`/api/searches/${"z".repeat(65)}`))).toEqual(["id"]);
    expect(await refusedFields(await call(`/api/diamonds/1?embed=${"x".repeat(201)}`))).toEqual(["embed"]);
  });
});
