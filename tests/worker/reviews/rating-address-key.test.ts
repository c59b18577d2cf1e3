/**
 * The retailer ratings' client-address hashes are keyed (docs/decisions/055-abuse-limits-and-promotion-rules.md):
 * HMAC-SHA-256 under RATING_IP_SECRET, so whoever reads the table cannot hash every IPv4 address to find the
 * rater's; the per-address limit counts under the keyed hash; a deployment without the secret refuses to hash.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATINGS_PER_ADDRESS_PER_DAY } from "#shared/retailer-ratings.ts";
import { addressHash, LOCAL_RATING_IP_KEY, ratingIpKey } from "#worker/reviews/ratings.ts";
import { call } from "../helpers";

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function hmac(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text)));
}

async function aShownRetailer(): Promise<number> {
  return (await env.DB.prepare("SELECT id FROM retailers WHERE status = 2 ORDER BY id DESC LIMIT 1").first<{ id: number }>())!.id;
}

describe("rating address hashes", () => {
  it("are the HMAC of the address under RATING_IP_SECRET, not the plain SHA-256 anyone can recompute", async () => {
    const retailerId = await aShownRetailer();
    const ip = "192.0.2.77";
    const email = `keyed-${crypto.randomUUID()}@example.com`;
    const res = await call("/api/retailer-ratings", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
      body: JSON.stringify({ retailerId, rating: 5, email }),
      env: { RATING_IP_SECRET: "rating-secret-one" },
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT ip_hash FROM retailer_ratings WHERE rater = ?").bind(`email:${email}`).first<{ ip_hash: string }>();
    const plain = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`loupe-ratings:${ip}`)));
    expect(row!.ip_hash).not.toBe(plain);
    expect(row!.ip_hash).toBe(await hmac("rating-secret-one", `loupe-ratings:${ip}`));
    expect(await addressHash(ip, "rating-secret-two")).not.toBe(row!.ip_hash);
  });

  it("the per-address daily limit still counts one address under the key", async () => {
    const ip = "192.0.2.78";
    const retailerId = await aShownRetailer();
    const hash = await addressHash(ip, LOCAL_RATING_IP_KEY);
    const now = Date.now();
    // A full day from this address already (the limit's count), stored under the local key the tests run with.
    await env.DB.batch(
      Array.from({ length: RATINGS_PER_ADDRESS_PER_DAY }, (_, i) =>
        env.DB.prepare("INSERT INTO retailer_ratings (retailer_id, rating, comment, rater, ip_hash, created_at) VALUES (?, 5, '', ?, ?, ?)").bind(
          retailerId,
          `email:day-${i}-${crypto.randomUUID()}@example.com`,
          hash,
          now - 1000,
        ),
      ),
    );
    const res = await call("/api/retailer-ratings", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
      body: JSON.stringify({ retailerId, rating: 5, email: `one-more-${crypto.randomUUID()}@example.com` }),
    });
    expect(res.status).toBe(429);
  });

  it("the key: the secret when set; the development key only when APP_ENV is local; else an error", () => {
    expect(ratingIpKey({ APP_ENV: "production", RATING_IP_SECRET: "s3cret" })).toBe("s3cret");
    expect(ratingIpKey({ APP_ENV: "local" })).toBe(LOCAL_RATING_IP_KEY);
    expect(() => ratingIpKey({ APP_ENV: "production" })).toThrow(/RATING_IP_SECRET/);
    expect(() => ratingIpKey({ APP_ENV: "staging", RATING_IP_SECRET: "" })).toThrow(/RATING_IP_SECRET/);
    expect(() => ratingIpKey({})).toThrow(/RATING_IP_SECRET/);
  });
});
