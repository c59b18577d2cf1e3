/**
 * A ring ordered with "I don't know my size yet" and paid, made through the shop's API in the page's browser
 * (its cookies): for the accessibility test's missing-ring-size page. tests/e2e/ring-size.test.ts does the same
 * through the pages.
 */
import type { Page } from "playwright-core";
import { url } from "./browser";
import { linkFromOutbox } from "./outbox";

/** What the browser sends with its own posts: the site's origin (the worker refuses a credentialed post without it). */
const sameSite = () => ({ origin: url("").replace(/\/$/, "") });

interface Summary {
  metals: { id: number }[];
}

/** A ring setting variant (the first engagement setting of the search) and a diamond, each at random among the first found. */
export async function ringParts(page: Page): Promise<{ variantId: number; diamondId: number }> {
  const request = page.context().request;
  const settings = (await (await request.post(url("/api/search/settingsv2"), { headers: sameSite(), data: { pageSize: 30 } })).json()) as {
    result: { settings: Summary[] };
  };
  const diamonds = (await (
    await request.post(url("/api/diamonds2"), { headers: sameSite(), data: { pageSize: 50, priceMin: 1000, priceMax: 6000 } })
  ).json()) as {
    diamonds: { id: number }[];
  };
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  return { variantId: pick(settings.result.settings).metals[0]!.id, diamondId: pick(diamonds.diamonds).id };
}

/** Orders a ring with its size later, pays it at the embedded gateway and opens the emailed missing-size link. */
export async function openMissingRingSizePage(page: Page): Promise<void> {
  const request = page.context().request;
  const headers = sameSite();
  const email = `a11y-ring-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { variantId, diamondId } = await ringParts(page);
  const address = { name: "Ada Shopper", line1: "1 Congress Ave", city: "Austin", state: "TX", postalCode: "78701", countryCode: "US", email };
  for (const intent of [
    { type: "clear" },
    { type: "add-item", variantId },
    { type: "add-diamond", diamondId },
    { type: "set-ring-size-later" },
    { type: "set-addresses", shippingAddress: address, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod: "card" },
  ]) {
    const res = await request.post(url("/api/cart"), { data: intent, headers });
    if (res.status() !== 200) throw new Error(`${intent.type}: HTTP ${res.status()} ${await res.text()}`);
  }
  const placed = await request.post(url("/api/orders"), { headers });
  if (placed.status() !== 201) throw new Error(`place: HTTP ${placed.status()} ${await placed.text()}`);
  const { payment } = (await placed.json()) as { payment: { approvalUrl: string } };
  // The gateway's Approve, then its return page (the shop asks the gateway and the order is paid).
  const approved = await request.post(url(`${new URL(payment.approvalUrl).pathname}/approve`), { headers, form: {} });
  if (!approved.ok()) throw new Error(`gateway: HTTP ${approved.status()}`);
  await page.goto(url(await linkFromOutbox(page, email, "/orders/missing-ring-size/")));
}
