/**
 * Streams the available diamonds from D1 into an IndexBuilder (docs/decisions/007-search-index.md,
 * "Loading"): small pages of raw rows (arrays, not objects), each copied into the builder's preallocated
 * columns through one reused row object and dropped before the next page is read.
 */
import { IndexBuilder } from "./engine";
import type { IndexRow, RowDisplay } from "./columns";

/**
 * Rows read from D1 per query. Small, so that one page's JSON text and parsed rows (about 300 bytes a row
 * in the isolate) stay short-lived garbage: the young generation collects them, not a full collection.
 */
export const LOAD_PAGE = 10_000;

/** The index's columns (0-20), then the list columns the search columns do not cover (21-26). */
const LOAD_SQL = `SELECT id, is_lab_grown, shape, color, clarity, cut, certificate_lab, polish, symmetry, fluorescence, eye_clean,
  has_image, has_video, retailer_id, shipping_days, price_cents, carat, depth_pct, table_pct, lw_ratio, sorting_order,
  certificate_id, price_before_discount_cents, discount_percentage, is_rc_ideal, image_url, paired_diamond_id
  FROM diamonds WHERE is_sold = 0 AND id > ? ORDER BY id LIMIT ?`;

// biome-ignore format: one element per column of LOAD_SQL, 21 numbers then the list columns
type LoadRow = [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, string, number | null, number | null, number, string, number | null];

/** Reads every available diamond into a builder sized from a count (the builder grows if more arrive). */
export async function loadColumns(db: D1Database): Promise<IndexBuilder> {
  const count = await db.prepare("SELECT COUNT(*) AS n FROM diamonds WHERE is_sold = 0").first<{ n: number }>();
  const builder = new IndexBuilder(Math.max(1024, count?.n ?? 0));
  const display: RowDisplay = {
    certificateId: "",
    priceBeforeDiscountCents: null,
    discountPercentage: null,
    isRcIdeal: false,
    imageUrl: "",
    pairedDiamondId: null,
  };
  const row: IndexRow = {
    id: 0,
    isLabGrown: false,
    shape: 0,
    color: 0,
    clarity: 0,
    cut: 0,
    certificateLab: 0,
    polish: 0,
    symmetry: 0,
    fluorescence: 0,
    eyeClean: 0,
    hasImage: false,
    hasVideo: false,
    retailerId: 0,
    shippingDays: 0,
    priceCents: 0,
    carat: 0,
    depthPct: 0,
    tablePct: 0,
    lwRatio: 0,
    sortingOrder: 0,
    display,
  };
  const statement = db.prepare(LOAD_SQL);
  let after = 0;
  for (;;) {
    let rows: LoadRow[] | null = await statement.bind(after, LOAD_PAGE).raw<LoadRow>();
    const last = rows.length;
    if (last) after = rows[last - 1]![0];
    for (let i = 0; i < last; i++) {
      const r = rows[i]!;
      row.id = r[0];
      row.isLabGrown = r[1] === 1;
      row.shape = r[2];
      row.color = r[3];
      row.clarity = r[4];
      row.cut = r[5];
      row.certificateLab = r[6];
      row.polish = r[7];
      row.symmetry = r[8];
      row.fluorescence = r[9];
      row.eyeClean = r[10];
      row.hasImage = r[11] === 1;
      row.hasVideo = r[12] === 1;
      row.retailerId = r[13];
      row.shippingDays = r[14];
      row.priceCents = r[15];
      row.carat = r[16];
      row.depthPct = r[17];
      row.tablePct = r[18];
      row.lwRatio = r[19];
      row.sortingOrder = r[20];
      display.certificateId = r[21];
      display.priceBeforeDiscountCents = r[22];
      display.discountPercentage = r[23];
      display.isRcIdeal = r[24] === 1;
      display.imageUrl = r[25];
      display.pairedDiamondId = r[26];
      builder.push(row);
    }
    rows = null; // not kept while the next page is read
    if (last < LOAD_PAGE) break;
    // A turn of the event loop between pages: other events of the isolate (an inspector's request) get in.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return builder;
}
