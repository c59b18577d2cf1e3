/**
 * The retailer directory (issue 20 point 5; docs/decisions/022-retailer-directory.md): visible retailers with a
 * logo (§4), by type, nearest first to a US postal code, each with the fields asked for; one retailer by slug;
 * a metro area with the retailers near it. The records come from D1 or, when configured, the upstream
 * directory (upstream.ts), whose §8 fallbacks are passed on as `fallback`.
 */
import type { MetroArea } from "#shared/retailers/schemas.ts";
import { type DirectoryRetailer, RETAILER_FIELDS, type RetailerField } from "#shared/retailers/schemas.ts";
import { distanceMiles, type LatLng, postalLocation } from "#shared/retailers/geo.ts";
import { refused } from "#shared/refusal.ts";
import type { RetailerRow } from "#shared/catalogue/rows.ts";
import { retailerRatingSummary } from "../reviews/ratings";
import { upstreamLogoPath } from "./logos";
import type { FullRetailer, RetailerDirectoryClient } from "./upstream";

/** Where the records come from: D1 and, when configured, the upstream client. */
export interface DirectorySource {
  db: D1Database;
  upstream: RetailerDirectoryClient | null;
}

/** What the caller asked for: fields (plain ones by default) and embeds. */
export interface Shape {
  fields?: readonly RetailerField[];
  embed?: readonly ("features" | "sociallinks" | "ratings")[];
}

/** A `retailers` row as read: rows written before migration 0019's locations may have none. */
type RetailerDbRow = Omit<RetailerRow, "latitude" | "longitude"> & { latitude: number | null; longitude: number | null };

function jsonArray<T>(text: string): T[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function fromRow(r: RetailerDbRow): FullRetailer {
  return {
    id: r.id,
    name: r.name,
    slugurl: r.slugurl,
    type: r.type,
    status: r.status,
    logoUrl: r.logo_url,
    smallLogoUrl: r.small_logo_url,
    description: r.description,
    websiteurl: r.websiteurl,
    sellerTradeType: r.seller_trade_type,
    email: r.email,
    phone: r.phone,
    aboutImage: r.about_image,
    postalCode: r.postal_code,
    city: r.city,
    state: r.state,
    latitude: r.latitude,
    longitude: r.longitude,
    features: jsonArray(r.features),
    sociallinks: jsonArray(r.sociallinks),
    ratings: jsonArray(r.ratings),
  };
}

/** §4: a retailer is shown when its status is 2 (visible) and it has a logo. */
export function isShown(r: Pick<FullRetailer, "status" | "logoUrl">): boolean {
  return r.status === 2 && r.logoUrl.trim() !== "";
}

/** An upstream record with its logos served from this site (logos.ts); an empty logoUrl stays empty (§4). */
const localLogos = (r: FullRetailer): FullRetailer =>
  r.logoUrl.trim() ? { ...r, logoUrl: upstreamLogoPath(r.slugurl), smallLogoUrl: upstreamLogoPath(r.slugurl) } : r;

async function allRecords(src: DirectorySource): Promise<{ retailers: FullRetailer[]; fallback: boolean }> {
  if (src.upstream) {
    const { retailers, fallback } = await src.upstream.list();
    return { retailers: retailers.map(localLogos), fallback };
  }
  const { results } = await src.db.prepare("SELECT * FROM retailers ORDER BY name").all<RetailerDbRow>();
  return { retailers: results.map(fromRow), fallback: false };
}

async function oneRecord(src: DirectorySource, slug: string): Promise<{ retailer: FullRetailer | null; fallback: boolean }> {
  if (src.upstream) {
    const { retailer, fallback } = await src.upstream.get(slug);
    return { retailer: retailer && localLogos(retailer), fallback };
  }
  const row = await src.db.prepare("SELECT * FROM retailers WHERE slugurl = ?").bind(slug).first<RetailerDbRow>();
  return { retailer: row ? fromRow(row) : null, fallback: false };
}

/** The provider ratings of the record plus Loupe's visitors' rating (worker/reviews/ratings.ts) when anyone rated. */
async function withLoupeRatings(db: D1Database, records: FullRetailer[]): Promise<Map<number, FullRetailer["ratings"]>> {
  const summary = await retailerRatingSummary(
    db,
    records.map((r) => r.id),
  );
  return new Map(
    records.map((r) => {
      const loupe = summary.get(r.id);
      return [r.id, loupe && loupe.count > 0 ? [...r.ratings, loupe] : r.ratings];
    }),
  );
}

/** The answer object of one record: the fields asked for (all plain ones by default) and the embeds. */
async function shaped(db: D1Database, records: FullRetailer[], shape: Shape): Promise<DirectoryRetailer[]> {
  const fields = shape.fields?.length ? shape.fields : RETAILER_FIELDS;
  const embeds = new Set([...(shape.embed ?? []), ...fields.filter((f) => f === "features" || f === "sociallinks" || f === "ratings")]);
  const ratings = embeds.has("ratings") ? await withLoupeRatings(db, records) : null;
  return records.map((r) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) if (f !== "features" && f !== "sociallinks" && f !== "ratings") out[f] = r[f];
    if (embeds.has("features")) out.features = r.features;
    if (embeds.has("sociallinks")) out.sociallinks = r.sociallinks;
    if (ratings) out.ratings = ratings.get(r.id) ?? r.ratings;
    return out as DirectoryRetailer;
  });
}

const sells = (type: number, want: "all" | "natural" | "lab") => want === "all" || (want === "natural" ? (type & 1) !== 0 : (type & 2) !== 0);

const located = (r: FullRetailer): LatLng | null => (r.latitude === null || r.longitude === null ? null : { latitude: r.latitude, longitude: r.longitude });

/** Records nearest first to a point (those without a location last, by name), with the distance in miles. */
function byDistance(records: FullRetailer[], from: LatLng): { record: FullRetailer; distance: number | null }[] {
  return records
    .map((record) => {
      const at = located(record);
      return { record, distance: at ? distanceMiles(from, at) : null };
    })
    .sort((a, b) => (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY) || a.record.name.localeCompare(b.record.name));
}

/** The metro areas' prefixes (the postal-code lookup's table). */
async function metroPrefixes(db: D1Database) {
  const metros = await allMetros(db);
  return metros.map((m) => ({ name: m.name, latitude: m.latitude, longitude: m.longitude, zip3: m.zip3 }));
}

/** The directory list: shown retailers of a type (all by default), by name or nearest first to a postal code. */
export async function directoryList(
  src: DirectorySource,
  query: Shape & { type?: "all" | "natural" | "lab"; postalCode?: string },
): Promise<{ retailers: DirectoryRetailer[]; location?: { postalCode: string; metro: string | null; region: string }; fallback?: true }> {
  const place = query.postalCode === undefined ? undefined : postalLocation(query.postalCode, await metroPrefixes(src.db));
  if (place === null) refused("bad_request", `postalCode ${query.postalCode} is not a US mailing ZIP code`);
  const { retailers, fallback } = await allRecords(src);
  const shown = retailers.filter((r) => isShown(r) && sells(r.type, query.type ?? "all")).sort((a, b) => a.name.localeCompare(b.name));
  const marker = fallback ? { fallback: true as const } : {};
  if (!place || query.postalCode === undefined) return { retailers: await shaped(src.db, shown, query), ...marker };
  const ordered = byDistance(shown, place);
  const bodies = await shaped(
    src.db,
    ordered.map((o) => o.record),
    query,
  );
  return {
    retailers: bodies.map((b, i) => ({ ...b, distance: ordered[i]?.distance ?? null })),
    location: { postalCode: query.postalCode, metro: place.metro, region: place.region },
    ...marker,
  };
}

/** One shown retailer by slug (404 otherwise), or null with `fallback` when the upstream was unreachable. */
export async function directoryRetailer(src: DirectorySource, slug: string, shape: Shape): Promise<{ retailer: DirectoryRetailer | null; fallback?: true }> {
  const { retailer, fallback } = await oneRecord(src, slug);
  if (fallback) return { retailer: null, fallback: true };
  if (!retailer || !isShown(retailer)) refused("not_found", `No retailer "${slug}" in the directory`);
  const [body] = await shaped(src.db, [retailer], shape);
  return { retailer: body ?? null };
}

type MetroRow = { id: number; name: string; display_name: string; state: string; latitude: number; longitude: number; zip3: string };
const metroOf = (m: MetroRow): MetroArea => ({
  id: m.id,
  name: m.name,
  displayName: m.display_name,
  state: m.state,
  latitude: m.latitude,
  longitude: m.longitude,
  zip3: jsonArray<string>(m.zip3),
});

/** Every metro area by display name. */
export async function allMetros(db: D1Database): Promise<MetroArea[]> {
  const { results } = await db.prepare("SELECT * FROM metro_areas ORDER BY display_name").all<MetroRow>();
  return results.map(metroOf);
}

/** Retailers within this many miles of a metro's centre are near it; fewer than NEAR_MIN, the NEAR_MIN nearest. */
export const NEAR_MILES = 250;
/** The fewest retailers a metro page lists. */
export const NEAR_MIN = 3;

/** A metro area (id or slug; 404 otherwise) with the shown retailers near it and their listed (unsold) stones. */
export async function metroArea(src: DirectorySource, idOrSlug: string) {
  const row = await src.db
    .prepare(/^\d+$/.test(idOrSlug) ? "SELECT * FROM metro_areas WHERE id = ?" : "SELECT * FROM metro_areas WHERE name = ?")
    .bind(/^\d+$/.test(idOrSlug) ? Number(idOrSlug) : idOrSlug)
    .first<MetroRow>();
  if (!row) refused("not_found", `No metro area "${idOrSlug}"`);
  const metro = metroOf(row);
  const { retailers, fallback } = await allRecords(src);
  const ordered = byDistance(retailers.filter(isShown), metro).filter((o) => o.distance !== null);
  const near = ordered.filter((o, i) => (o.distance ?? Number.POSITIVE_INFINITY) <= NEAR_MILES || i < NEAR_MIN);
  const ids = near.map((o) => o.record.id);
  const { results } = await src.db
    .prepare("SELECT retailer_id AS id, COUNT(*) AS n FROM diamonds WHERE is_sold = 0 AND retailer_id IN (SELECT value FROM json_each(?)) GROUP BY retailer_id")
    .bind(JSON.stringify(ids))
    .all<{ id: number; n: number }>();
  const stones = new Map(results.map((r) => [r.id, r.n]));
  const bodies = await shaped(
    src.db,
    near.map((o) => o.record),
    { embed: ["ratings"] },
  );
  return {
    metro,
    retailers: bodies.map((b, i) => ({ ...b, distance: near[i]?.distance ?? null, stones: stones.get(b.id ?? 0) ?? 0 })),
    ...(fallback ? { fallback: true as const } : {}),
  };
}
