/**
 * The wrong-token throttle counts guesses at the operator's token only: a customer's own session token, sent as a
 * bearer by an API client to a call that operators may also make, is never counted (docs/decisions/056-operator-access.md).
 */
import { describe, expect, it } from "vitest";
import { bearer, confirmedUser, freshIp, signIn } from "../accounts/account-helpers";
import { call } from "../helpers";

describe("a customer's bearer token and the operators' throttle", () => {
  it("lets an API client call 15 times in a row: not an operator (404), never throttled (429)", async () => {
    const token = await signIn(await confirmedUser("bearer-throttle"));
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await call("/api/experiments/report", { headers: { ...bearer(token), "cf-connecting-ip": ip } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array.from({ length: 15 }, () => 404));
  });
});
