/** Where each provider sends the shopper back after paying (issue 22). */

/**
 * Where the provider sends the shopper back. TD's four outcomes share one page (§2 /order/td/{outcome}: the
 * gateway or the lender fills `{outcome}`); every other method comes back to the order's success page, which
 * asks the provider what happened, or to its re-payment page when the shopper gave up.
 */
export function returnUrls(method: string, orderNumber: string, paymentId: string, origin: string): { returnUrl: string; cancelUrl: string } {
  if (method === "financing") {
    const td = new URL("/order/td/{outcome}", origin).toString().replace("%7Boutcome%7D", "{outcome}");
    return { returnUrl: `${td}?payment=${paymentId}`, cancelUrl: `${td.replace("{outcome}", "cancelled")}?payment=${paymentId}` };
  }
  return {
    returnUrl: new URL(`/orders/${orderNumber}/success?payment=${paymentId}`, origin).toString(),
    cancelUrl: new URL(`/orders/re-payment/${orderNumber}`, origin).toString(),
  };
}
