/** §9 chat widget delays by page (shared/conversations/limits.ts; docs/decisions/044-concierge-chat.md). */
import { describe, expect, it } from "vitest";
import { chatDelayFor } from "#shared/conversations/limits.ts";

describe("the chat launcher's delay", () => {
  it.each([
    ["/", 10_000],
    ["/diamond-search", 20_000],
    ["/diamond-search/", 20_000],
    ["/diamond-search/s", 20_000],
    ["/diamond-search/abc123/slp/guid", 20_000],
    ["/diamonds/slp/oval", 20_000],
    ["/cart", 200_000],
    ["/cart/12/3/456", 200_000],
    ["/cart/approve-payment/LP0123456789", 200_000],
    ["/checkout", 200_000],
    ["/orders/LP0123456789/pay", 200_000],
    ["/orders/re-payment/LP0123456789", 200_000],
    ["/orders/approve-payment/LP0123456789", 200_000],
    ["/order/td/approved", 200_000],
    ["/diamond/123", 30_000],
    ["/engagement-rings", 30_000],
    ["/orders/LP0123456789/success", 30_000],
    ["/cartier", 30_000],
  ])("%s: %i ms", (path, ms) => {
    expect(chatDelayFor(path)).toBe(ms);
  });

  it.each([
    "/operator/conversations",
    "/operator/orders/LP0123456789",
    "/experiments",
    "/content",
    "/content/articles",
    "/gemologist-reviews",
    "/quiz",
    "/quiz/2",
  ])("%s: no chat", (path) => {
    expect(chatDelayFor(path)).toBeNull();
  });
});
