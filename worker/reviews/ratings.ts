/**
 * Retailer ratings (§7 Reviews: `POST retailer-ratings`, `GET retailer-ratings/sample`; docs/decisions/021-reviews.md).
 * A rater is the signed-in account (`user:{id}`) or, for a visitor, the email given (`email:{address}`). One
 * rating per rater and retailer (a unique index), at most RATINGS_PER_RATER_PER_DAY retailers per rater and
 * RATINGS_PER_ADDRESS_PER_DAY ratings per client address in 24 hours: all checked inside the one INSERT that
 * stores the rating, so simultaneous requests cannot get past the limits (D1 runs each statement atomically).
 */
import { refused, refusedRetry } from "#shared/refusal.ts";
import {
  RATINGS_PER_ADDRESS_PER_DAY,
  RATINGS_PER_RATER_PER_DAY,
  RATINGS_SAMPLE_SIZE,
  type RetailerRating,
  type RetailerRatingRequest,
  type RetailerRatingSummary,
} from "#shared/retailer-ratings.ts";
import { signingSecret } from "../platform/secrets";

const DAY_MS = 86_400_000;

/** Who rates: the signed-in customer's id, else the email of the request (400 without either). */
export function raterOf(userId: number | null, email: string | undefined): string {
  if (userId !== null) return `user:${userId}`;
  if (!email) refused("bad_request", "Give your email address (or sign in) to rate a retailer.", [{ path: "email", message: "email is required" }]);
  return `email:${email.toLowerCase()}`;
}

/** The key of the address hashes: `RATING_IP_SECRET` (a local run's development key when unset; worker/platform/secrets.ts). */
export const ratingIpKey = (env: { APP_ENV?: string; RATING_IP_SECRET?: string }): string => signingSecret(env, "RATING_IP_SECRET");

/** The development key a local run uses (nothing deployed ever does). */
export const LOCAL_RATING_IP_KEY = ratingIpKey({ APP_ENV: "local" });

/**
 * The HMAC-SHA-256 of the client address under the ratings' secret, hex (the address itself is never stored). A
 * plain hash of an address could be reversed by hashing every IPv4 address; without the key it cannot.
 */
export async function addressHash(ip: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`loupe-ratings:${ip}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Stores a rating, or refuses: not_found (no such shown retailer), conflict (the rater rated it already),
 * rate_limited (the rater's or the address's day is full).
 */
export async function rateRetailer(db: D1Database, rating: RetailerRatingRequest, rater: string, ipHash: string, now: number): Promise<void> {
  const since = now - DAY_MS;
  const result = await db
    .prepare(
      `INSERT INTO retailer_ratings (retailer_id, rating, comment, rater, ip_hash, created_at)
       SELECT r.id, ?2, ?3, ?4, ?5, ?6 FROM retailers r
       WHERE r.id = ?1 AND r.status = 2
         AND (SELECT COUNT(*) FROM retailer_ratings WHERE rater = ?4 AND created_at > ?7) < ?8
         AND (SELECT COUNT(*) FROM retailer_ratings WHERE ip_hash = ?5 AND created_at > ?7) < ?9
       ON CONFLICT (retailer_id, rater) DO NOTHING`,
    )
    .bind(rating.retailerId, rating.rating, rating.comment, rater, ipHash, now, since, RATINGS_PER_RATER_PER_DAY, RATINGS_PER_ADDRESS_PER_DAY)
    .run();
  if (result.meta.changes === 1) return;
  // Nothing stored: say why (the reads below only explain; the INSERT alone decided).
  const retailer = await db.prepare("SELECT 1 AS x FROM retailers WHERE id = ? AND status = 2").bind(rating.retailerId).first();
  if (!retailer) refused("not_found", "No such retailer.");
  const mine = await db.prepare("SELECT 1 AS x FROM retailer_ratings WHERE retailer_id = ? AND rater = ?").bind(rating.retailerId, rater).first();
  if (mine) refused("conflict", "You have already rated this retailer.");
  const byRater = await db
    .prepare("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM retailer_ratings WHERE rater = ? AND created_at > ?")
    .bind(rater, since)
    .first<{ n: number; oldest: number | null }>();
  if (byRater && byRater.n >= RATINGS_PER_RATER_PER_DAY) {
    refusedRetry(
      `You can rate up to ${RATINGS_PER_RATER_PER_DAY} retailers a day. Please come back tomorrow.`,
      ((byRater.oldest ?? now) + DAY_MS - now) / 1000,
    );
  }
  refusedRetry("Too many ratings from this connection today. Please come back tomorrow.", DAY_MS / 1000);
}

/** The most recent ratings of shown retailers, with their names. */
export async function ratingSample(db: D1Database, limit = RATINGS_SAMPLE_SIZE): Promise<RetailerRating[]> {
  const { results } = await db
    .prepare(
      `SELECT rr.id, rr.retailer_id AS retailerId, r.name AS retailerName, r.slugurl AS retailerSlug, rr.rating, rr.comment, rr.created_at AS createdAt
       FROM retailer_ratings rr JOIN retailers r ON r.id = rr.retailer_id
       WHERE r.status = 2 ORDER BY rr.created_at DESC, rr.id DESC LIMIT ?`,
    )
    .bind(limit)
    .all<Omit<RetailerRating, "createdAt"> & { createdAt: number }>();
  return results.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

/**
 * Loupe's visitors' rating of each retailer asked for, in the shape of a `retailers.ratings` entry
 * (`{provider: "loupe", rating, count}`; rating 0 and count 0 for a retailer nobody rated). For the retailer
 * answers that embed ratings.
 */
export async function retailerRatingSummary(db: D1Database, retailerIds: readonly number[]): Promise<Map<number, RetailerRatingSummary>> {
  const out = new Map<number, RetailerRatingSummary>();
  for (const id of retailerIds) out.set(id, { provider: "loupe", rating: 0, count: 0 });
  if (retailerIds.length === 0) return out;
  const { results } = await db
    .prepare(
      `SELECT retailer_id AS id, COUNT(*) AS count, AVG(rating) AS average FROM retailer_ratings
       WHERE retailer_id IN (SELECT value FROM json_each(?)) GROUP BY retailer_id`,
    )
    .bind(JSON.stringify(retailerIds))
    .all<{ id: number; count: number; average: number }>();
  for (const r of results) out.set(r.id, { provider: "loupe", rating: Math.round(r.average * 10) / 10, count: r.count });
  return out;
}
