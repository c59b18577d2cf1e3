/** Which pages the browser's tracking chunk reports as a product viewed or an order's purchase (shared/tracking/page-paths.ts). */
import { describe, expect, it } from "vitest";
import { isSearchPath, orderOfPath, productOfPath } from "#shared/tracking/page-paths.ts";

describe("the pages the browser reports", () => {
  it.each([
    ["/diamond/123", { product: "diamond", id: 123 }],
    ["/diamond/123/round-1-carat", { product: "diamond", id: 123 }],
    ["/engagement-ring/77", { product: "setting", id: 77 }],
    ["/fine-jewelry/5/", { product: "setting", id: 5 }],
    ["/diamond/0", null],
    ["/diamond/abc", null],
    ["/diamond-search", null],
  ])("%s is about %j", (path, expected) => {
    expect(productOfPath(path)).toEqual(expected);
  });

  it.each([
    ["/orders/LP0123456789/success", "LP0123456789"],
    ["/orders/LP0123456789/cart-success", "LP0123456789"],
    ["/orders/LP0123456789/success/", "LP0123456789"],
    ["/orders/LP0123456789/pay", null],
    ["/orders/LP01234/success", null],
    ["/orders/substitute/LP0123456789", null],
  ])("%s posts the purchase of %s", (path, expected) => {
    expect(orderOfPath(path)).toBe(expected);
  });

  it("knows the diamond search pages", () => {
    expect(["/diamond-search", "/diamond-search/lab", "/diamonds/slp/round"].map(isSearchPath)).toEqual([true, true, true]);
    expect(["/diamond-searching", "/setting-search", "/diamonds"].map(isSearchPath)).toEqual([false, false, false]);
  });
});
