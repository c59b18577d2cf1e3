/** Order tracking by number and email (§7 tracking-order-details): what a stranger with both sees, and the per-address limit. */
import { describe, expect, it } from "vitest";
import { freshIp } from "../../accounts/account-helpers";
import type { ErrorBody } from "../../helpers";
import { ADDRESS } from "../orders-helpers";
import { guestOrder, track } from "./lookup-helpers";

describe("order tracking by number and email", () => {
  it("shows the status, the items and the city to whoever knows both — the email in any case, never the street or the payments", async () => {
    const { orderNumber, placed } = await guestOrder();
    const res = await track(orderNumber, ADDRESS.email.toUpperCase(), freshIp());
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: Record<string, unknown> };
    expect(result).toEqual({
      orderNumber,
      status: "awaiting_payment",
      statusLabel: "waiting for payment",
      createdAt: placed.order.createdAt,
      lines: placed.order.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
      shipsTo: "Austin, TX",
    });
    expect(JSON.stringify(result)).not.toContain(ADDRESS.line1);
    expect(JSON.stringify(result)).not.toContain(ADDRESS.email);
  });

  it("answers a wrong email and a missing order exactly the same", async () => {
    const { orderNumber } = await guestOrder();
    const wrongEmail = await track(orderNumber, "someone.else@example.com", freshIp());
    const missing = await track("LP0000000001", ADDRESS.email, freshIp());
    const nonsense = await track("not-an-order", ADDRESS.email, freshIp());
    for (const res of [wrongEmail, missing, nonsense]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const bodies = await Promise.all([wrongEmail.text(), missing.text(), nonsense.text()]);
    expect(bodies).toEqual(['{"result":null}', '{"result":null}', '{"result":null}']);
  });

  it("allows 10 tries per 15 minutes from one address: the 11th answers 429 with Retry-After, other addresses still look up", async () => {
    const { orderNumber } = await guestOrder();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await track(orderNumber, `guess${i}@example.com`, ip)).status).toBe(200);
    const refused = await track(orderNumber, ADDRESS.email, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("rate_limited");
    // Even the right email is refused from that address; another address finds the order.
    const elsewhere = await track(orderNumber, ADDRESS.email, freshIp());
    expect(((await elsewhere.json()) as { result: unknown }).result).not.toBeNull();
  });

  it("never lets an 11th try through under 50 concurrent tries from one address", async () => {
    const { orderNumber } = await guestOrder();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => track(orderNumber, i === 49 ? ADDRESS.email : `guess${i}@example.com`, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });
});
