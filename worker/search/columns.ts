/**
 * Loading the search index: rows go one at a time into preallocated typed columns, in load order
 * (docs/decisions/007-search-index.md, "Loading"). Only what the index keeps, or needs once to build
 * its bitsets, is stored: the five leaf dimensions as one leaf number, the four per-row grades packed in
 * 16 bits, the flags in a byte, the mostly empty list columns (discount, price before discount, paired
 * id) as sparse (load position, value) lists, the image URL as a dictionary code. No row object is kept.
 */
import type { DiamondRow } from "#shared/catalogue/rows.ts";
import { isLoupeIdeal } from "#shared/loupe-ideal.ts";
import type { SummaryColumns } from "../diamonds/summary";
import { FLAG_EYE_CLEAN, FLAG_IDEAL, FLAG_IMAGE, FLAG_RC_IDEAL, FLAG_VIDEO, leafOf, packGrades, scale } from "./layout";

/** One diamond as the index needs it (what the D1 loader reads). */
export interface IndexRow {
  id: number;
  isLabGrown: boolean;
  shape: number; // 1-10
  color: number; // 1-8
  clarity: number; // 1-8
  cut: number; // 0-4
  certificateLab: number; // 0-5
  polish: number; // 1-3
  symmetry: number; // 1-3
  fluorescence: number; // 0-4
  eyeClean: number; // 1-3 or 999
  hasImage: boolean;
  hasVideo: boolean;
  retailerId: number;
  shippingDays: number;
  priceCents: number;
  carat: number;
  depthPct: number;
  tablePct: number;
  lwRatio: number;
  sortingOrder: number;
  /** What a result list shows besides the above (kept compactly in the display columns); absent in search-only tests. */
  display?: RowDisplay;
}

/** The list fields of a diamond the search columns do not hold. */
export interface RowDisplay {
  certificateId: string;
  imageUrl: string;
  priceBeforeDiscountCents: number | null;
  discountPercentage: number | null;
  isRcIdeal: boolean;
  pairedDiamondId: number | null;
}

/**
 * What the display columns cannot hold, by diamond id: certificate numbers that are not plain digits,
 * carats and ratios with more than two decimals, odd discounts. Rare in feeds, so a map is cheap.
 */
export interface DisplayExceptions {
  images: string[];
  byId: Map<
    number,
    Partial<
      Pick<SummaryColumns, "certificate_id" | "carat" | "lw_ratio" | "discount_percentage" | "price_before_discount_cents" | "shipping_days" | "image_url">
    >
  >;
}

/** A column most rows leave empty, as it loads: the load positions that have a value (ascending) and the values. */
export interface SparseLoad {
  size: number;
  at: Uint32Array;
  values: Uint32Array;
}

/** The loaded columns, in load order (exactly `size` long). */
export interface LoadedColumns {
  size: number;
  id: Uint32Array;
  /** leafOf(origin, shape, colour, clarity, cut). */
  leaf: Uint16Array;
  /** packGrades(polish, symmetry, fluorescence, certificate lab). */
  grades: Uint16Array;
  flags: Uint8Array;
  retailerId: Uint16Array;
  shippingDays: Uint16Array;
  priceCents: Uint32Array;
  carat: Uint16Array;
  depth: Uint16Array;
  table: Uint16Array;
  ratio: Uint16Array;
  sortingOrder: Uint32Array;
  /**
   * Display: certificate number when it is plain digits below 2^40 (12 digits and many 13), as high byte and
   * low 32 bits; 0 when the text is an exception (numbers never start with 0).
   */
  certHigh: Uint8Array;
  certLow: Uint32Array;
  /** Display: image URL as a code into the exceptions' image dictionary (0xffff: the URL is an exception). */
  imageCode: Uint16Array;
  /** Display, sparse: price before discount (cents), discount percentage, paired diamond id. */
  priceBefore: SparseLoad;
  discount: SparseLoad;
  paired: SparseLoad;
}

type DenseName = Exclude<keyof LoadedColumns, "size" | "priceBefore" | "discount" | "paired">;
const DENSE: Record<DenseName, new (n: number) => Uint8Array | Uint16Array | Uint32Array> = {
  id: Uint32Array,
  leaf: Uint16Array,
  grades: Uint16Array,
  flags: Uint8Array,
  retailerId: Uint16Array,
  shippingDays: Uint16Array,
  priceCents: Uint32Array,
  carat: Uint16Array,
  depth: Uint16Array,
  table: Uint16Array,
  ratio: Uint16Array,
  sortingOrder: Uint32Array,
  certHigh: Uint8Array,
  certLow: Uint32Array,
  imageCode: Uint16Array,
};
const DENSE_NAMES = Object.keys(DENSE) as DenseName[];

/** Image URLs a code can name; beyond, the URL is kept as an exception. */
const IMAGE_CODES = 0xffff;
const CERT_DIGITS = /^[1-9]\d{0,12}$/;

const sparse = (): SparseLoad => ({ size: 0, at: new Uint32Array(256), values: new Uint32Array(256) });

function addSparse(s: SparseLoad, at: number, value: number): void {
  if (s.size === s.at.length) {
    const grow = (a: Uint32Array) => {
      const b = new Uint32Array(a.length * 2);
      b.set(a);
      return b;
    };
    s.at = grow(s.at);
    s.values = grow(s.values);
  }
  s.at[s.size] = at;
  s.values[s.size++] = value;
}

/**
 * Collects rows into typed columns, preallocated for `capacity` rows (the loader knows the count; more
 * rows grow them). Rows outside the enumerations are skipped and counted, never indexed wrongly.
 * `push` keeps nothing of the row it is given, so a loader may reuse one row object for every row.
 */
export class ColumnBuilder {
  private cols: LoadedColumns;
  private capacity: number;
  private readonly imageCodes = new Map<string, number>();
  protected readonly exceptions: DisplayExceptions = { images: [], byId: new Map() };
  size = 0;
  skipped = 0;

  constructor(capacity = 1024) {
    this.capacity = Math.max(1, capacity);
    this.cols = allocate(this.capacity);
  }

  push(r: IndexRow): void {
    if (!validRow(r)) {
      this.skipped++;
      return;
    }
    if (this.size === this.capacity) this.grow();
    const c = this.cols;
    const i = this.size++;
    c.id[i] = r.id;
    c.leaf[i] = leafOf(r.isLabGrown ? 1 : 0, r.shape, r.color, r.clarity, r.cut);
    c.grades[i] = packGrades(r.polish, r.symmetry, r.fluorescence, r.certificateLab);
    c.flags[i] =
      (r.hasImage ? FLAG_IMAGE : 0) |
      (r.hasVideo ? FLAG_VIDEO : 0) |
      (isLoupeIdeal(r.shape, r.depthPct, r.tablePct, r.lwRatio) ? FLAG_IDEAL : 0) |
      (r.eyeClean === 1 ? FLAG_EYE_CLEAN : 0) |
      (r.display?.isRcIdeal ? FLAG_RC_IDEAL : 0);
    c.retailerId[i] = r.retailerId;
    c.shippingDays[i] = Math.min(0xffff, Math.max(0, r.shippingDays));
    c.priceCents[i] = r.priceCents;
    c.carat[i] = Math.min(0xffff, scale(r.carat));
    c.depth[i] = Math.min(0xffff, scale(r.depthPct));
    c.table[i] = Math.min(0xffff, scale(r.tablePct));
    c.ratio[i] = Math.min(0xffff, scale(r.lwRatio));
    c.sortingOrder[i] = Math.min(0xffffffff, Math.max(0, Math.round(r.sortingOrder)));
    // The exception record is made only for a row that has one (a million rows: no object per row).
    let ex: NonNullable<ReturnType<DisplayExceptions["byId"]["get"]>> | null = null;
    const exception = () => (ex ??= {});
    if (scale(r.carat) / 100 !== r.carat) exception().carat = r.carat;
    if (scale(r.lwRatio) / 100 !== r.lwRatio) exception().lw_ratio = r.lwRatio;
    if (c.shippingDays[i] !== r.shippingDays) exception().shipping_days = r.shippingDays;
    const d = r.display;
    if (d) {
      const cert = CERT_DIGITS.test(d.certificateId) ? Number(d.certificateId) : 0;
      if (cert > 0 && cert < 2 ** 40) {
        c.certHigh[i] = Math.floor(cert / 2 ** 32);
        c.certLow[i] = cert % 2 ** 32;
      } else exception().certificate_id = d.certificateId;
      let code = this.imageCodes.get(d.imageUrl);
      if (code === undefined && this.exceptions.images.length < IMAGE_CODES) {
        code = this.exceptions.images.push(d.imageUrl) - 1;
        this.imageCodes.set(d.imageUrl, code);
      }
      c.imageCode[i] = code ?? IMAGE_CODES;
      if (code === undefined) exception().image_url = d.imageUrl;
      const before = d.priceBeforeDiscountCents;
      if (before !== null) {
        if (Number.isInteger(before) && before >= 0 && before < 0xffffffff) addSparse(c.priceBefore, i, before);
        else exception().price_before_discount_cents = before;
      }
      const pct = d.discountPercentage;
      if (pct !== null) {
        if (Number.isInteger(pct) && pct >= 0 && pct < 255) addSparse(c.discount, i, pct);
        else exception().discount_percentage = pct;
      }
      // As a 32-bit id; 0 is none.
      const paired = (d.pairedDiamondId ?? 0) >>> 0;
      if (paired) addSparse(c.paired, i, paired);
    }
    if (ex) this.exceptions.byId.set(r.id, ex);
  }

  private grow(): void {
    const next = allocate(this.capacity * 2);
    for (const name of DENSE_NAMES) (next[name] as Uint8Array).set(this.cols[name] as Uint8Array);
    next.priceBefore = this.cols.priceBefore;
    next.discount = this.cols.discount;
    next.paired = this.cols.paired;
    this.cols = next;
    this.capacity *= 2;
  }

  /** The loaded columns, exactly sized; the builder is empty afterwards. */
  protected finish(): LoadedColumns {
    const cols = this.cols;
    cols.size = this.size;
    // Exactly sized columns (a subarray would keep the whole over-allocated buffer alive).
    if (this.size !== this.capacity) for (const name of DENSE_NAMES) (cols[name] as Uint8Array) = (cols[name] as Uint8Array).slice(0, this.size) as Uint8Array;
    this.cols = allocate(0);
    this.capacity = 0;
    return cols;
  }
}

function allocate(n: number): LoadedColumns {
  const cols = { size: n, priceBefore: sparse(), discount: sparse(), paired: sparse() } as LoadedColumns;
  for (const name of DENSE_NAMES) (cols[name] as Uint8Array) = new DENSE[name](n) as Uint8Array;
  return cols;
}

function validRow(r: IndexRow): boolean {
  return (
    Number.isInteger(r.id) &&
    r.id > 0 &&
    r.id <= 0xffffffff &&
    r.shape >= 1 &&
    r.shape <= 10 &&
    r.color >= 1 &&
    r.color <= 8 &&
    r.clarity >= 1 &&
    r.clarity <= 8 &&
    r.cut >= 0 &&
    r.cut <= 4 &&
    r.certificateLab >= 0 &&
    r.certificateLab <= 5 &&
    r.polish >= 0 &&
    r.polish <= 7 &&
    r.symmetry >= 0 &&
    r.symmetry <= 7 &&
    r.fluorescence >= 0 &&
    r.fluorescence <= 7 &&
    r.retailerId >= 0 &&
    r.retailerId < 0x10000 &&
    Number.isInteger(r.priceCents) &&
    r.priceCents >= 0 &&
    r.priceCents <= 0xffffffff &&
    r.carat > 0
  );
}

/** A diamond row as the index takes it (the seed generator's rows: the engine bench and its tests; D1 loads go through load.ts). */
export function indexRowOf(d: DiamondRow): IndexRow {
  return {
    id: d.id,
    isLabGrown: d.is_lab_grown === 1,
    shape: d.shape,
    color: d.color,
    clarity: d.clarity,
    cut: d.cut,
    certificateLab: d.certificate_lab,
    polish: d.polish,
    symmetry: d.symmetry,
    fluorescence: d.fluorescence,
    eyeClean: d.eye_clean,
    hasImage: d.has_image === 1,
    hasVideo: d.has_video === 1,
    retailerId: d.retailer_id,
    shippingDays: d.shipping_days,
    priceCents: d.price_cents,
    carat: d.carat,
    depthPct: d.depth_pct,
    tablePct: d.table_pct,
    lwRatio: d.lw_ratio,
    sortingOrder: d.sorting_order,
    display: {
      certificateId: d.certificate_id,
      imageUrl: d.image_url,
      priceBeforeDiscountCents: d.price_before_discount_cents,
      discountPercentage: d.discount_percentage,
      isRcIdeal: d.is_rc_ideal === 1,
      pairedDiamondId: d.paired_diamond_id,
    },
  };
}
