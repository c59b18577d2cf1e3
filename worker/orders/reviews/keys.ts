/**
 * Review request keys (decision 037): the unguessable part of an emailed star link
 * `/orders/user-product-review/{rating}/{reviewId}/{key}` — an HMAC-SHA-256 of the review request's id under
 * the order keys' secret (`ORDER_KEY_SECRET`; worker/platform/secrets.ts), with its
 * own label so it can never be mistaken for an order's key; 128 bits in base64url. Nothing is stored.
 */
import { base64url, sameBytes } from "../../accounts/passwords";
import { signingSecret } from "../../platform/secrets";
import type { OrderKeyBindings } from "../keys";

/** The key of a review request's emailed links. */
export async function reviewKey(env: OrderKeyBindings, reviewId: string): Promise<string> {
  const secret = signingSecret(env, "ORDER_KEY_SECRET");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`review-request\n${reviewId}`));
  return base64url(new Uint8Array(mac).slice(0, 16));
}

/** Whether `key` is the review request's (compared in constant time). */
export async function checkReviewKey(env: OrderKeyBindings, reviewId: string, key: string): Promise<boolean> {
  return sameBytes(new TextEncoder().encode(key), new TextEncoder().encode(await reviewKey(env, reviewId)));
}

/** A new review request id: 'rr' and 16 random hex digits. */
export function newReviewRequestId(): string {
  return `rr${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
