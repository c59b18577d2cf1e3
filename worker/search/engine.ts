/**
 * The in-memory diamond search index (docs/decisions/007-search-index.md). Pure TypeScript on typed arrays:
 * no Workers API, so the SearchIndexObject Durable Object holds it and unit tests exercise it directly.
 *
 * Layout. Every available diamond is one row; rows are stored in "leaf" order. A leaf is one combination
 * of the six facet dimensions — origin, shape, colour, clarity, cut and certificate lab (2×10×8×8×5×6 =
 * 38,400 leaves) — and inside a leaf rows run by price. So:
 *  - a facet filter selects whole leaves (one check per leaf, not per row);
 *  - the price range is two binary searches per leaf;
 *  - the other filters (carat, depth, table, ratio, shipping, polish, symmetry, fluorescence, eye-clean,
 *    image, video, Loupe Ideal, retailers) are checked per row, only inside the leaves that can matter;
 *  - facet counts come from the same pass: a leaf that fails exactly one facet filter counts towards that
 *    facet's value, one that fails none counts towards every facet (the usual "other filters applied" rule);
 *  - the price histogram adds up per-leaf histograms built at load time when no per-row filter is on.
 * Sorting: one permutation per sort key, built on first use. A page is either read by walking the
 * permutation and testing rows (many matches) or by sorting the matches (few) — whichever touches fewer
 * rows. Order is always (key in the asked direction, then sortingOrder ascending, then id ascending).
 */
import { isLoupeIdeal } from "#shared/loupe-ideal.ts";
import { PRICE_HISTOGRAM_EDGES_USD, SORT_FIELDS, type SortField } from "#shared/schemas.ts";

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
}

/** A validated search, in index terms (see toEngineQuery in query-plan.ts). */
export interface EngineQuery {
  isLabGrown: boolean | null;
  shapes: readonly number[];
  colors: readonly number[];
  clarities: readonly number[];
  /** Search cut grades 0-3; Ideal (0) also matches the house grade (4). */
  cuts: readonly number[];
  certificateLabs: readonly number[];
  polishes: readonly number[];
  symmetries: readonly number[];
  fluorescences: readonly number[];
  naturalRetailers: readonly number[];
  labRetailers: readonly number[];
  priceMinCents: number;
  priceMaxCents: number;
  caratMin?: number;
  caratMax?: number;
  depthMin?: number;
  depthMax?: number;
  tableMin?: number;
  tableMax?: number;
  ratioMin?: number;
  ratioMax?: number;
  /** Ships within this many days; null for any. */
  maxShippingDays: number | null;
  eyeClean: boolean;
  hasImage: boolean;
  hasVideo: boolean;
  loupeIdeal: boolean;
  /** Restrict to these diamond ids (certificate-number search); null for no restriction. */
  onlyIds: readonly number[] | null;
  sortBy: SortField;
  sortOrder: "asc" | "desc";
  offset: number;
  limit: number;
  facets: boolean;
}

export interface FacetCounts {
  origin: Record<string, number>; // "natural" | "lab"
  shape: Record<string, number>;
  color: Record<string, number>;
  clarity: Record<string, number>;
  cut: Record<string, number>; // search grades 0-3 (0 includes the house grade)
  certificateLab: Record<string, number>;
}

export interface EngineResult {
  ids: number[];
  total: number;
  facets?: FacetCounts;
  /** Counts per PRICE_HISTOGRAM_EDGES_USD bucket, with every filter but price applied. */
  priceHistogram?: number[];
}

const DIMS = { origin: 2, shape: 10, color: 8, clarity: 8, cut: 5, lab: 6 } as const;
export const LEAF_COUNT = DIMS.origin * DIMS.shape * DIMS.color * DIMS.clarity * DIMS.cut * DIMS.lab;
const HIST_BUCKETS = PRICE_HISTOGRAM_EDGES_USD.length;
const HIST_EDGES_CENTS = PRICE_HISTOGRAM_EDGES_USD.map((e) => e * 100);

function leafOf(isLab: number, shape: number, color: number, clarity: number, cut: number, lab: number): number {
  return ((((isLab * DIMS.shape + (shape - 1)) * DIMS.color + (color - 1)) * DIMS.clarity + (clarity - 1)) * DIMS.cut + cut) * DIMS.lab + lab;
}

/** Rows a page walk may visit before it gives way to selecting from the matches. */
const WALK_BUDGET = 20_000;

/** Rows per carat zone-map block: 2^4 = 16. */
const BLOCK_SHIFT = 4;

/** Rows up to which integer sort keys are packed with their tie rank (keys stay below 2^32, so exact). */
const TIE_LIMIT = 2 ** 21;

/** Values scaled by 100 (carat, depth, table, ratio: the data has two decimals at most). */
const scale = (v: number): number => Math.round(v * 100);
const scaleMin = (v: number | undefined): number => (v === undefined ? 0 : Math.max(0, Math.ceil(v * 100 - 1e-7)));
const scaleMax = (v: number | undefined): number => (v === undefined ? 0xffff : Math.min(0xffff, Math.floor(v * 100 + 1e-7)));

const FLAG_IMAGE = 1;
const FLAG_VIDEO = 2;
const FLAG_IDEAL = 4;
const FLAG_EYE_CLEAN = 8;

function bucketOf(priceCents: number): number {
  let b = 0;
  while (b + 1 < HIST_BUCKETS && priceCents >= HIST_EDGES_CENTS[b + 1]!) b++;
  return b;
}

/** Bit mask of a code list (codes < 31); 0 means "any". */
function maskOf(codes: readonly number[]): number {
  let m = 0;
  for (const c of codes) m |= 1 << c;
  return m;
}

/** Sort key per row for a sort field (ascending = better first for grades, as the codes run). */
type KeyFn = (row: number) => number;

/** Column-wise input of the index (what IndexBuilder collects), in load order. */
export interface IndexColumns {
  size: number;
  id: Uint32Array;
  isLabGrown: Uint8Array;
  shape: Uint8Array;
  color: Uint8Array;
  clarity: Uint8Array;
  cut: Uint8Array;
  certificateLab: Uint8Array;
  polish: Uint8Array;
  symmetry: Uint8Array;
  fluorescence: Uint8Array;
  flags: Uint8Array;
  retailerId: Uint16Array;
  shippingDays: Uint16Array;
  priceCents: Uint32Array;
  carat: Uint16Array;
  depth: Uint16Array;
  table: Uint16Array;
  ratio: Uint16Array;
  sortingOrder: Uint32Array;
}

type ColumnName = Exclude<keyof IndexColumns, "size">;
const COLUMN_TYPES: Record<ColumnName, new (n: number) => Uint8Array | Uint16Array | Uint32Array> = {
  id: Uint32Array,
  isLabGrown: Uint8Array,
  shape: Uint8Array,
  color: Uint8Array,
  clarity: Uint8Array,
  cut: Uint8Array,
  certificateLab: Uint8Array,
  polish: Uint8Array,
  symmetry: Uint8Array,
  fluorescence: Uint8Array,
  flags: Uint8Array,
  retailerId: Uint16Array,
  shippingDays: Uint16Array,
  priceCents: Uint32Array,
  carat: Uint16Array,
  depth: Uint16Array,
  table: Uint16Array,
  ratio: Uint16Array,
  sortingOrder: Uint32Array,
};

/**
 * Collects rows into growable typed columns (a million rows as objects would not fit an isolate), then
 * builds the index. Rows outside the enumerations are skipped and counted, never indexed wrongly.
 */
export class IndexBuilder {
  private cols: IndexColumns;
  private capacity: number;
  size = 0;
  skipped = 0;

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.cols = allocate(capacity);
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
    c.isLabGrown[i] = r.isLabGrown ? 1 : 0;
    c.shape[i] = r.shape;
    c.color[i] = r.color;
    c.clarity[i] = r.clarity;
    c.cut[i] = r.cut;
    c.certificateLab[i] = r.certificateLab;
    c.polish[i] = r.polish;
    c.symmetry[i] = r.symmetry;
    c.fluorescence[i] = r.fluorescence;
    c.flags[i] =
      (r.hasImage ? FLAG_IMAGE : 0) |
      (r.hasVideo ? FLAG_VIDEO : 0) |
      (isLoupeIdeal(r.shape, r.depthPct, r.tablePct, r.lwRatio) ? FLAG_IDEAL : 0) |
      (r.eyeClean === 1 ? FLAG_EYE_CLEAN : 0);
    c.retailerId[i] = r.retailerId;
    c.shippingDays[i] = Math.min(0xffff, Math.max(0, r.shippingDays));
    c.priceCents[i] = r.priceCents;
    c.carat[i] = Math.min(0xffff, scale(r.carat));
    c.depth[i] = Math.min(0xffff, scale(r.depthPct));
    c.table[i] = Math.min(0xffff, scale(r.tablePct));
    c.ratio[i] = Math.min(0xffff, scale(r.lwRatio));
    c.sortingOrder[i] = Math.min(0xffffffff, Math.max(0, Math.round(r.sortingOrder)));
  }

  private grow(): void {
    const next = allocate(Math.max(1024, this.capacity * 2));
    for (const name of Object.keys(COLUMN_TYPES) as ColumnName[]) (next[name] as Uint8Array).set(this.cols[name] as Uint8Array);
    this.cols = next;
    this.capacity = Math.max(1024, this.capacity * 2);
  }

  build(version: string): SearchIndex {
    const cols = allocate(0);
    cols.size = this.size;
    // Exactly sized columns (a subarray would keep the whole over-allocated buffer alive).
    for (const name of Object.keys(COLUMN_TYPES) as ColumnName[]) {
      const col = this.cols[name] as Uint8Array;
      (cols[name] as Uint8Array) = col.length === this.size ? col : col.slice(0, this.size);
    }
    this.cols = allocate(0);
    this.capacity = 0;
    return new SearchIndex(cols, version);
  }
}

function allocate(n: number): IndexColumns {
  const cols = { size: n } as IndexColumns;
  for (const [name, Type] of Object.entries(COLUMN_TYPES) as [ColumnName, new (n: number) => Uint8Array][]) (cols[name] as Uint8Array) = new Type(n);
  return cols;
}

function validRow(r: IndexRow): boolean {
  return (
    Number.isInteger(r.id) && r.id > 0 && r.id <= 0xffffffff &&
    r.shape >= 1 && r.shape <= 10 && r.color >= 1 && r.color <= 8 && r.clarity >= 1 && r.clarity <= 8 &&
    r.cut >= 0 && r.cut <= 4 && r.certificateLab >= 0 && r.certificateLab <= 5 &&
    r.polish >= 0 && r.polish <= 7 && r.symmetry >= 0 && r.symmetry <= 7 && r.fluorescence >= 0 && r.fluorescence <= 7 &&
    r.retailerId >= 0 && r.retailerId < 0x10000 && Number.isInteger(r.priceCents) && r.priceCents >= 0 && r.priceCents <= 0xffffffff &&
    r.carat > 0
  );
}

/** Builds an index from row objects (tests and small catalogues). */
export function buildIndex(rows: Iterable<IndexRow>, version = "test"): SearchIndex {
  const b = new IndexBuilder();
  for (const r of rows) b.push(r);
  return b.build(version);
}

export class SearchIndex {
  readonly size: number;
  readonly version: string;
  // Row columns, in leaf order.
  readonly id: Uint32Array;
  readonly price: Uint32Array;
  readonly sorting: Uint32Array;
  readonly carat: Uint16Array;
  readonly depth: Uint16Array;
  readonly table: Uint16Array;
  readonly ratio: Uint16Array;
  readonly ship: Uint16Array;
  readonly retailer: Uint16Array;
  readonly polish: Uint8Array;
  readonly symmetry: Uint8Array;
  readonly fluorescence: Uint8Array;
  readonly flags: Uint8Array;
  readonly leaf: Uint16Array;
  /** Price-histogram bucket of each row. */
  readonly bucket: Uint8Array;
  /**
   * One bit per row (row order) for each value of the categorical per-row filters: flags (image, video,
   * Loupe Ideal, eye-clean), polish 1-3, symmetry 1-3, fluorescence 0-4. ANDing them tests 32 rows at once.
   */
  readonly flagBits: Uint32Array[];
  readonly polishBits: Uint32Array[];
  readonly symmetryBits: Uint32Array[];
  readonly fluorescenceBits: Uint32Array[];
  /** Smallest and largest carat (×100) of each block of 2^BLOCK_SHIFT rows. */
  readonly caratBlockMin: Uint16Array;
  readonly caratBlockMax: Uint16Array;
  // Leaves: rows [leafStart[k], leafStart[k + 1]).
  readonly leafStart: Uint32Array;
  readonly leafHist: Uint32Array;
  /** Leaves that hold at least one row. */
  readonly liveLeaves: Uint16Array;
  private readonly perms = new Map<SortField, Uint32Array>();

  constructor(cols: IndexColumns, version: string) {
    const n = cols.size;
    this.size = n;
    this.version = version;
    const leafOfRow = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      leafOfRow[i] = leafOf(cols.isLabGrown[i]!, cols.shape[i]!, cols.color[i]!, cols.clarity[i]!, cols.cut[i]!, cols.certificateLab[i]!);
    }
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const srcPrice = cols.priceCents;
    const srcId = cols.id;
    order.sort((a, b) => leafOfRow[a]! - leafOfRow[b]! || srcPrice[a]! - srcPrice[b]! || srcId[a]! - srcId[b]!);

    // Reorder the loaded columns in place (one scratch buffer), so building needs little more memory
    // than the columns themselves.
    const scratch = new ArrayBuffer(n * 4);
    const reorder = <T extends Uint8Array | Uint16Array | Uint32Array>(col: T): T => {
      const tmp = new (col.constructor as new (b: ArrayBuffer, o: number, n: number) => T)(scratch, 0, n);
      for (let p = 0; p < n; p++) tmp[p] = col[order[p]!]!;
      col.set(tmp);
      return col;
    };
    this.leafStart = new Uint32Array(LEAF_COUNT + 1);
    this.leafHist = new Uint32Array(LEAF_COUNT * HIST_BUCKETS);
    this.leaf = new Uint16Array(n);
    this.bucket = new Uint8Array(n);
    for (let p = 0; p < n; p++) {
      const src = order[p]!;
      const k = leafOfRow[src]!;
      this.leaf[p] = k;
      const b = bucketOf(srcPrice[src]!);
      this.bucket[p] = b;
      this.leafStart[k + 1]!++;
      this.leafHist[k * HIST_BUCKETS + b]!++;
    }
    this.id = reorder(cols.id);
    this.price = reorder(cols.priceCents);
    this.sorting = reorder(cols.sortingOrder);
    this.carat = reorder(cols.carat);
    this.depth = reorder(cols.depth);
    this.table = reorder(cols.table);
    this.ratio = reorder(cols.ratio);
    this.ship = reorder(cols.shippingDays);
    this.retailer = reorder(cols.retailerId);
    this.polish = reorder(cols.polish);
    this.symmetry = reorder(cols.symmetry);
    this.fluorescence = reorder(cols.fluorescence);
    this.flags = reorder(cols.flags);
    const words = (n >>> 5) + 1;
    const bitsets = (count: number) => Array.from({ length: count }, () => new Uint32Array(words));
    this.flagBits = bitsets(4);
    this.polishBits = bitsets(8);
    this.symmetryBits = bitsets(8);
    this.fluorescenceBits = bitsets(8);
    for (let p = 0; p < n; p++) {
      const w = p >>> 5;
      const bit = 1 << (p & 31);
      const f = this.flags[p]!;
      for (let i = 0; i < 4; i++) if (f & (1 << i)) this.flagBits[i]![w]! |= bit;
      this.polishBits[this.polish[p]! & 7]![w]! |= bit;
      this.symmetryBits[this.symmetry[p]! & 7]![w]! |= bit;
      this.fluorescenceBits[this.fluorescence[p]! & 7]![w]! |= bit;
    }
    const blocks = (n >>> BLOCK_SHIFT) + 1;
    this.caratBlockMin = new Uint16Array(blocks).fill(0xffff);
    this.caratBlockMax = new Uint16Array(blocks);
    for (let p = 0; p < n; p++) {
      const b = p >>> BLOCK_SHIFT;
      const c = this.carat[p]!;
      if (c < this.caratBlockMin[b]!) this.caratBlockMin[b] = c;
      if (c > this.caratBlockMax[b]!) this.caratBlockMax[b] = c;
    }
    const live: number[] = [];
    for (let k = 0; k < LEAF_COUNT; k++) {
      if (this.leafStart[k + 1]! > 0) live.push(k);
      this.leafStart[k + 1]! += this.leafStart[k]!;
    }
    this.liveLeaves = Uint16Array.from(live);
  }

  /** Bytes held by the index's arrays (sort permutations included once built). */
  get bytes(): number {
    let b = 0;
    for (const a of [this.id, this.bucket, this.caratBlockMin, this.caratBlockMax, this.price, this.sorting, this.carat, this.depth, this.table, this.ratio, this.ship, this.retailer, this.polish, this.symmetry, this.fluorescence, this.flags, this.leaf, this.leafStart, this.leafHist, this.liveLeaves]) b += a.byteLength;
    for (const p of this.perms.values()) b += p.byteLength;
    for (const set of [this.flagBits, this.polishBits, this.symmetryBits, this.fluorescenceBits]) for (const a of set) b += a.byteLength;
    return b;
  }

  /** The sort key of a row for a sort field. */
  keyFn(field: SortField): KeyFn {
    const { price, carat, sorting, leaf } = this;
    switch (field) {
      case "price":
        return (r) => price[r]!;
      case "carat":
        return (r) => carat[r]!;
      case "pricePerCarat":
        return (r) => price[r]! / carat[r]!;
      case "color":
        return (r) => Math.floor(leaf[r]! / (DIMS.clarity * DIMS.cut * DIMS.lab)) % DIMS.color;
      case "clarity":
        return (r) => Math.floor(leaf[r]! / (DIMS.cut * DIMS.lab)) % DIMS.clarity;
      case "cut":
        // The house grade (4) ranks above Ideal (0).
        return (r) => {
          const c = Math.floor(leaf[r]! / DIMS.lab) % DIMS.cut;
          return c === 4 ? -1 : c;
        };
      default:
        return (r) => sorting[r]!;
    }
  }

  /** Rows in (key asc, sortingOrder asc, id asc) order; built on first use and kept. */
  permutation(field: SortField): Uint32Array {
    let perm = this.perms.get(field);
    if (perm) return perm;
    const n = this.size;
    const { sorting, id } = this;
    if (field === "sortingOrder" || field === "pricePerCarat" || n > TIE_LIMIT) {
      const key = this.keyFn(field);
      const keys = new Float64Array(n);
      for (let r = 0; r < n; r++) keys[r] = key(r);
      perm = new Uint32Array(n);
      for (let r = 0; r < n; r++) perm[r] = r;
      perm.sort((a, b) => keys[a]! - keys[b]! || sorting[a]! - sorting[b]! || id[a]! - id[b]!);
    } else {
      // Integer keys: pack (key, rank in the tie order) into one float and use the fast numeric sort.
      const ties = this.permutation("sortingOrder");
      const key = this.keyFn(field);
      const packed = new Float64Array(n);
      for (let t = 0; t < n; t++) packed[t] = (key(ties[t]!) + 1) * TIE_LIMIT + t;
      packed.sort();
      perm = new Uint32Array(n);
      for (let i = 0; i < n; i++) perm[i] = ties[packed[i]! % TIE_LIMIT]!;
    }
    this.perms.set(field, perm);
    return perm;
  }

  /** Builds every sort permutation now (so no search pays for one). */
  prepareSorts(): void {
    for (const f of SORT_FIELDS) this.permutation(f);
  }

  search(q: EngineQuery): EngineResult {
    return new Query(this, q).run();
  }
}

/** One search over an index: filter compilation, the counting pass, then the page. */
class Query {
  private readonly leafOk = new Uint8Array(LEAF_COUNT); // 1: passes every facet filter
  private readonly rowFilters: boolean;
  private readonly caratLo: number;
  private readonly caratHi: number;
  private readonly depthLo: number;
  private readonly depthHi: number;
  private readonly tableLo: number;
  private readonly tableHi: number;
  private readonly ratioLo: number;
  private readonly ratioHi: number;
  private readonly maxShip: number;
  private readonly polishMask: number;
  private readonly symmetryMask: number;
  private readonly fluorescenceMask: number;
  private readonly flagMask: number;
  private readonly naturalRetailers: Uint8Array | null;
  private readonly labRetailers: Uint8Array | null;
  private readonly onlyRows: Uint32Array | null;
  private readonly useCarat: boolean;
  /** Set by run()'s first pass: the leaves that matter and each one's rows inside the price range. */
  private readonly leaves: number[] = [];
  private readonly los = new Uint32Array(LEAF_COUNT);
  private readonly his = new Uint32Array(LEAF_COUNT);
  /** AND of the categorical per-row filters' bitsets, or null when none is on (see categoricalMask). */
  private readonly mask: Uint32Array | null;
  private readonly useDepth: boolean;
  private readonly useTable: boolean;
  private readonly useRatio: boolean;

  constructor(
    private readonly ix: SearchIndex,
    private readonly q: EngineQuery,
  ) {
    this.caratLo = scaleMin(q.caratMin);
    this.caratHi = scaleMax(q.caratMax);
    this.depthLo = scaleMin(q.depthMin);
    this.depthHi = scaleMax(q.depthMax);
    this.tableLo = scaleMin(q.tableMin);
    this.tableHi = scaleMax(q.tableMax);
    this.ratioLo = scaleMin(q.ratioMin);
    this.ratioHi = scaleMax(q.ratioMax);
    this.maxShip = q.maxShippingDays ?? 0xffff;
    this.polishMask = maskOf(q.polishes);
    this.symmetryMask = maskOf(q.symmetries);
    this.fluorescenceMask = maskOf(q.fluorescences);
    this.flagMask = (q.hasImage ? FLAG_IMAGE : 0) | (q.hasVideo ? FLAG_VIDEO : 0) | (q.loupeIdeal ? FLAG_IDEAL : 0) | (q.eyeClean ? FLAG_EYE_CLEAN : 0);
    this.naturalRetailers = allowList(q.naturalRetailers);
    this.labRetailers = allowList(q.labRetailers);
    this.rowFilters =
      q.caratMin !== undefined || q.caratMax !== undefined || q.depthMin !== undefined || q.depthMax !== undefined ||
      q.tableMin !== undefined || q.tableMax !== undefined || q.ratioMin !== undefined || q.ratioMax !== undefined ||
      q.maxShippingDays !== null || this.polishMask !== 0 || this.symmetryMask !== 0 || this.fluorescenceMask !== 0 ||
      this.flagMask !== 0 || this.naturalRetailers !== null || this.labRetailers !== null;
    this.onlyRows = q.onlyIds ? rowsOfIds(ix, q.onlyIds) : null;
    this.mask = this.categoricalMask();
    this.useCarat = q.caratMin !== undefined || q.caratMax !== undefined;
    this.useDepth = q.depthMin !== undefined || q.depthMax !== undefined;
    this.useTable = q.tableMin !== undefined || q.tableMax !== undefined;
    this.useRatio = q.ratioMin !== undefined || q.ratioMax !== undefined;
  }

  /** Whether row r passes the per-row filters (not the facet filters or price). */
  /**
   * The categorical per-row filters (flags, polish, symmetry, fluorescence) as one bitset; they are then
   * left out of the per-row checks.
   */
  private categoricalMask(): Uint32Array | null {
    const ix = this.ix;
    const sets: Uint32Array[][] = [];
    for (let i = 0; i < 4; i++) if (this.flagMask & (1 << i)) sets.push([ix.flagBits[i]!]);
    const pick = (mask: number, bits: Uint32Array[]) => {
      if (mask !== 0) sets.push(bits.filter((_, v) => (mask >> v) & 1));
    };
    pick(this.polishMask, ix.polishBits);
    pick(this.symmetryMask, ix.symmetryBits);
    pick(this.fluorescenceMask, ix.fluorescenceBits);
    if (!sets.length) return null;
    const words = ix.flagBits[0]!.length;
    const out = new Uint32Array(words).fill(0xffffffff);
    for (const alternatives of sets) {
      if (alternatives.length === 1) {
        const a = alternatives[0]!;
        for (let w = 0; w < words; w++) out[w]! &= a[w]!;
      } else {
        for (let w = 0; w < words; w++) {
          if (out[w] === 0) continue;
          let any = 0;
          for (const a of alternatives) any |= a[w]!;
          out[w]! &= any;
        }
      }
    }
    return out;
  }

  private rowOk(r: number, retailers: Uint8Array | null): boolean {
    if (this.mask !== null) return (this.mask[r >>> 5]! & (1 << (r & 31))) !== 0 && this.residualOk(r, retailers);
    if (this.flagMask !== 0 && (this.ix.flags[r]! & this.flagMask) !== this.flagMask) return false;
    const ix = this.ix;
    if (this.polishMask !== 0 && ((this.polishMask >> ix.polish[r]!) & 1) === 0) return false;
    if (this.symmetryMask !== 0 && ((this.symmetryMask >> ix.symmetry[r]!) & 1) === 0) return false;
    if (this.fluorescenceMask !== 0 && ((this.fluorescenceMask >> ix.fluorescence[r]!) & 1) === 0) return false;
    return this.residualOk(r, retailers);
  }

  /** The per-row filters bitsets do not cover: ranges, shipping and retailers. Only those on read a column. */
  private residualOk(r: number, retailers: Uint8Array | null): boolean {
    const ix = this.ix;
    if (this.useCarat) {
      const c = ix.carat[r]!;
      if (c < this.caratLo || c > this.caratHi) return false;
    }
    if (this.useDepth) {
      const d = ix.depth[r]!;
      if (d < this.depthLo || d > this.depthHi) return false;
    }
    if (this.useTable) {
      const t = ix.table[r]!;
      if (t < this.tableLo || t > this.tableHi) return false;
    }
    if (this.useRatio) {
      const w = ix.ratio[r]!;
      if (w < this.ratioLo || w > this.ratioHi) return false;
    }
    if (this.maxShip !== 0xffff && ix.ship[r]! > this.maxShip) return false;
    if (retailers !== null && retailers[ix.retailer[r]!] !== 1) return false;
    return true;
  }

  /** Whether any per-row filter beyond the bitsets is on (then each candidate row is checked). */
  private hasResidual(retailers: Uint8Array | null): boolean {
    return this.useCarat || this.useDepth || this.useTable || this.useRatio || this.maxShip !== 0xffff || retailers !== null;
  }

  /** Counts rows of [lo, hi) with the mask: 32 at a time, checking only set bits when other filters are on. */
  private countMasked(mask: Uint32Array, lo: number, hi: number, retailers: Uint8Array | null): number {
    const residual = this.hasResidual(retailers);
    let count = 0;
    let r = lo;
    while (r < hi) {
      const w = r >>> 5;
      let bits = wordBits(mask, r, hi);
      if (bits !== 0) {
        if (!residual) count += popcount(bits);
        else
          while (bits !== 0) {
            const t = bits & -bits;
            if (this.residualOk((w << 5) + 31 - Math.clz32(t), retailers)) count++;
            bits ^= t;
          }
      }
      r = Math.min(hi, (w + 1) << 5);
    }
    return count;
  }

  /**
   * Counts the rows of [lo, hi) that pass the per-row filters. With a carat range, blocks of rows whose
   * carat span misses the range are skipped whole: inside a leaf rows run by price, and carat follows
   * price closely, so a carat range touches few blocks.
   */
  private countRange(lo: number, hi: number, retailers: Uint8Array | null): number {
    if (this.mask !== null) return this.countMasked(this.mask, lo, hi, retailers);
    let count = 0;
    if (!this.useCarat) {
      for (let r = lo; r < hi; r++) if (this.rowOk(r, retailers)) count++;
      return count;
    }
    const { caratBlockMin, caratBlockMax } = this.ix;
    let r = lo;
    while (r < hi) {
      const b = r >>> BLOCK_SHIFT;
      const blockEnd = Math.min(hi, (b + 1) << BLOCK_SHIFT);
      if (caratBlockMax[b]! >= this.caratLo && caratBlockMin[b]! <= this.caratHi) {
        for (; r < blockEnd; r++) if (this.rowOk(r, retailers)) count++;
      }
      r = blockEnd;
    }
    return count;
  }

  /** Adds the rows of [start, end) passing the per-row filters to the histogram; counts those in [lo, hi). */
  private histRange(start: number, end: number, lo: number, hi: number, retailers: Uint8Array | null, hist: number[]): number {
    const { bucket, caratBlockMin, caratBlockMax } = this.ix;
    let count = 0;
    let r = start;
    while (r < end) {
      const b = r >>> BLOCK_SHIFT;
      const blockEnd = Math.min(end, (b + 1) << BLOCK_SHIFT);
      if (!this.useCarat || (caratBlockMax[b]! >= this.caratLo && caratBlockMin[b]! <= this.caratHi)) {
        for (; r < blockEnd; r++) {
          if (!this.rowOk(r, retailers)) continue;
          hist[bucket[r]!]!++;
          if (r >= lo && r < hi) count++;
        }
      }
      r = blockEnd;
    }
    return count;
  }

  private retailersFor(leaf: number): Uint8Array | null {
    return leaf >= LEAF_COUNT / 2 ? this.labRetailers : this.naturalRetailers;
  }

  /** Which facet filters a leaf fails, as a bit set (bit i: dimension i of FACET_DIMS). */
  private failMasks(): Uint8Array {
    const q = this.q;
    const sets = [
      q.isLabGrown === null ? 0 : 1 << (q.isLabGrown ? 1 : 0),
      maskOf(q.shapes.map((s) => s - 1)),
      maskOf(q.colors.map((c) => c - 1)),
      maskOf(q.clarities.map((c) => c - 1)),
      // Ideal (0) includes the house grade (4).
      maskOf(q.cuts.includes(0) ? [...q.cuts, 4] : q.cuts),
      maskOf(q.certificateLabs),
    ];
    const fails = new Uint8Array(LEAF_COUNT);
    for (const k of this.ix.liveLeaves) {
      const v = leafValues(k);
      let f = 0;
      for (let d = 0; d < 6; d++) if (sets[d] !== 0 && ((sets[d]! >> v[d]!) & 1) === 0) f |= 1 << d;
      fails[k] = f;
      if (f === 0) this.leafOk[k] = 1;
    }
    return fails;
  }

  run(): EngineResult {
    const { ix, q } = this;
    const fails = this.failMasks();
    const pMin = q.priceMinCents;
    const pMax = q.priceMaxCents;
    const facets = q.facets;
    const facetTotals = facets ? FACET_DIMS.map((d) => new Float64Array(d.size)) : null;
    const hist = facets ? new Array<number>(HIST_BUCKETS).fill(0) : null;
    let total = 0;
    const relevant = (fail: number) => fail === 0 || (facets && (fail & (fail - 1)) === 0);

    const addFacets = (k: number, fail: number, count: number) => {
      if (!facetTotals || count === 0) return;
      const v = leafValues(k);
      for (let d = 0; d < 6; d++) if ((fail & ~(1 << d)) === 0) facetTotals[d]![FACET_DIMS[d]!.bucket(v[d]!)]! += count;
    };

    // Pass 1: the leaves that matter and their price ranges; what a leaf scan would cost.
    const { leaves, los, his } = this;
    let leafCost = 0;
    for (const k of ix.liveLeaves) {
      const fail = fails[k]!;
      if (!relevant(fail)) continue;
      const start = ix.leafStart[k]!;
      const end = ix.leafStart[k + 1]!;
      const lo = lowerBound(ix.price, pMin, start, end);
      const hi = upperBound(ix.price, pMax, lo, end);
      leaves.push(k);
      los[k] = lo;
      his[k] = hi;
      if (this.rowFilters) leafCost += hist && fail === 0 ? end - start : hi - lo;
    }
    const rows = this.onlyRows;
    if (rows) {
      // Certificate search: a handful of rows, checked one by one.
      const counts = new Uint32Array(LEAF_COUNT);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i]!;
        const k = ix.leaf[r]!;
        const fail = fails[k]!;
        if (!relevant(fail) || !this.rowOk(r, this.retailersFor(k))) continue;
        const p = ix.price[r]!;
        if (hist && fail === 0) hist[ix.bucket[r]!]!++;
        if (p >= pMin && p <= pMax) counts[k]!++;
      }
      for (const k of leaves) {
        const fail = fails[k]!;
        if (fail === 0) total += counts[k]!;
        addFacets(k, fail, counts[k]!);
      }
    } else {
      for (const k of leaves) {
        const fail = fails[k]!;
        const start = ix.leafStart[k]!;
        const end = ix.leafStart[k + 1]!;
        const lo = los[k]!;
        const hi = his[k]!;
        const retailers = this.retailersFor(k);
        let count: number;
        if (!this.rowFilters) {
          count = hi - lo;
          if (hist && fail === 0) for (let b = 0, base = k * HIST_BUCKETS; b < HIST_BUCKETS; b++) hist[b]! += ix.leafHist[base + b]!;
        } else {
          count = 0;
          if (hist && fail === 0) {
            count = this.histRange(start, end, lo, hi, retailers, hist);
          } else {
            count = this.countRange(lo, hi, retailers);
          }
        }
        if (fail === 0) total += count;
        addFacets(k, fail, count);
      }
    }

    const ids = this.page(total);
    const result: EngineResult = { ids, total };
    if (facetTotals && hist) {
      const out = {} as Record<string, Record<string, number>>;
      FACET_DIMS.forEach((d, i) => {
        const counts: Record<string, number> = {};
        d.values.forEach((value, b) => (counts[value] = facetTotals[i]![b]!));
        out[d.name] = counts;
      });
      result.facets = out as unknown as FacetCounts;
      result.priceHistogram = hist;
    }
    return result;
  }

  /** Whether row r matches every filter. */
  private matches(r: number): boolean {
    const k = this.ix.leaf[r]!;
    if (this.leafOk[k] !== 1) return false;
    const p = this.ix.price[r]!;
    if (p < this.q.priceMinCents || p > this.q.priceMaxCents) return false;
    return !this.rowFilters || this.rowOk(r, this.retailersFor(k));
  }

  /** The ids of rows [offset, offset + limit) in the asked order. */
  private page(total: number): number[] {
    const { ix, q } = this;
    const want = q.offset + q.limit;
    if (q.offset >= total || q.limit === 0) return [];
    const desc = q.sortOrder === "desc";
    const perm = ix.permutation(q.sortBy);
    const key = ix.keyFn(q.sortBy);
    // Only the part of the permutation whose key the filters allow (a price sort with a price range, a
    // colour sort with colours picked, …) can hold matches.
    const [kLo, kHi] = this.keyBounds();
    const from = kLo === -Infinity ? 0 : searchKey(perm, key, kLo, false);
    const to = kHi === Infinity ? perm.length : searchKey(perm, key, kHi, true);
    // Walking touches about want × (segment / total) rows; sorting the matches about total (× log).
    // The estimate assumes matches spread evenly; a sort key that follows a filter (price order with a carat
    // range) can defeat it, so the walk has a budget and gives way to selecting from the matches.
    const walkCost = (Math.min(want, total) * (to - from)) / total;
    if (walkCost <= total * 4) {
      const walked = this.walk(perm, key, from, to, want, desc, Math.max(WALK_BUDGET, 4 * walkCost));
      if (walked) return walked;
    }
    return this.selectMatches(want, desc);
  }

  /** The range of sort-key values the filters allow. */
  private keyBounds(): [number, number] {
    const q = this.q;
    const span = (codes: readonly number[], f: (c: number) => number): [number, number] =>
      codes.length ? [Math.min(...codes.map(f)), Math.max(...codes.map(f))] : [-Infinity, Infinity];
    switch (q.sortBy) {
      case "price":
        return [q.priceMinCents, q.priceMaxCents];
      case "carat":
        return [this.caratLo, this.caratHi];
      case "color":
        return span(q.colors, (c) => c - 1);
      case "clarity":
        return span(q.clarities, (c) => c - 1);
      case "cut":
        return span(q.cuts.includes(0) ? [...q.cuts, 4] : q.cuts, (c) => (c === 4 ? -1 : c));
      default:
        return [-Infinity, Infinity];
    }
  }

  /** The page from walking the permutation, or null when that would visit more than `budget` rows. */
  private walk(perm: Uint32Array, key: KeyFn, from: number, to: number, want: number, desc: boolean, budget: number): number[] | null {
    const { ix, q } = this;
    const out: number[] = [];
    if (!desc) {
      const stop = Math.min(to, from + budget);
      let i = from;
      for (; i < stop; i++) {
        const r = perm[i]!;
        if (this.matches(r) && out.push(r) >= want) break;
      }
      if (i === stop && stop < to) return null;
    } else {
      // Descending by key, but ties stay in (sortingOrder, id) ascending order: walk runs of equal keys
      // from the end, each run forwards.
      let end = to;
      outer: while (end > from) {
        let start = end - 1;
        const k = key(perm[start]!);
        while (start > from && key(perm[start - 1]!) === k) start--;
        for (let i = start; i < end; i++) {
          const r = perm[i]!;
          if (this.matches(r) && out.push(r) >= want) break outer;
        }
        budget -= end - start;
        if (budget <= 0 && start > from) return null;
        end = start;
      }
    }
    return out.slice(q.offset).map((r) => ix.id[r]!);
  }

  /**
   * The page by streaming every match (leaf order: sequential reads) through a bounded max-heap of the best
   * `want` rows: about one comparison per match once the heap is full.
   */
  private selectMatches(want: number, desc: boolean): number[] {
    const { ix, q } = this;
    const key = ix.keyFn(q.sortBy);
    const sign = desc ? -1 : 1;
    const { sorting, id } = ix;
    // Negative when row a comes before row b.
    const before = (a: number, b: number) => sign * (key(a) - key(b)) || sorting[a]! - sorting[b]! || id[a]! - id[b]!;
    const heap = new Uint32Array(want);
    let size = 0;
    // The (signed) key of the worst row kept, once the heap is full: most rows fail this one comparison.
    let rootKey = Infinity;
    const siftDown = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) return;
        const c = l + 1 < size && before(heap[l + 1]!, heap[l]!) > 0 ? l + 1 : l;
        if (before(heap[c]!, heap[i]!) <= 0) return;
        const t = heap[c]!;
        heap[c] = heap[i]!;
        heap[i] = t;
        i = c;
      }
    };
    const offer = (r: number) => {
      if (size < want) {
        let i = size++;
        heap[i] = r;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (before(heap[i]!, heap[parent]!) <= 0) break;
          const t = heap[parent]!;
          heap[parent] = heap[i]!;
          heap[i] = t;
          i = parent;
        }
      } else if (sign * key(r) <= rootKey && before(r, heap[0]!) < 0) {
        heap[0] = r;
        siftDown(0);
        rootKey = sign * key(heap[0]!);
      }
      if (size === want && rootKey === Infinity) rootKey = sign * key(heap[0]!);
    };
    if (this.onlyRows) {
      for (const r of this.onlyRows) if (this.matches(r)) offer(r);
    } else {
      // The leaves and price ranges the counting pass found.
      for (const k of this.leaves) {
        if (this.leafOk[k] !== 1) continue;
        const lo = this.los[k]!;
        const hi = this.his[k]!;
        const retailers = this.retailersFor(k);
        const mask = this.mask;
        if (!this.rowFilters) for (let r = lo; r < hi; r++) offer(r);
        else if (mask === null) for (let r = lo; r < hi; r++) {
          if (this.rowOk(r, retailers)) offer(r);
        }
        else {
          // 32 rows at a time through the categorical bitset; only set bits are checked further.
          let r = lo;
          for (; r < hi; r = Math.min(hi, ((r >>> 5) + 1) << 5)) {
            for (let bits = wordBits(mask, r, hi); bits !== 0; bits &= bits - 1) {
              const row = ((r >>> 5) << 5) + 31 - Math.clz32(bits & -bits);
              if (this.residualOk(row, retailers)) offer(row);
            }
          }
        }
      }
    }
    const best = Array.from(heap.subarray(0, size)).sort(before);
    return best.slice(q.offset, q.offset + q.limit).map((r) => id[r]!);
  }
}

/** The facet dimensions in leaf-key order, with how a leaf value maps to a reported bucket. */
const FACET_DIMS: { name: keyof FacetCounts; size: number; values: string[]; bucket: (v: number) => number }[] = [
  { name: "origin", size: 2, values: ["natural", "lab"], bucket: (v) => v },
  { name: "shape", size: 10, values: range(1, 10), bucket: (v) => v },
  { name: "color", size: 8, values: range(1, 8), bucket: (v) => v },
  { name: "clarity", size: 8, values: range(1, 8), bucket: (v) => v },
  { name: "cut", size: 4, values: range(0, 3), bucket: (v) => (v === 4 ? 0 : v) },
  { name: "certificateLab", size: 6, values: range(0, 5), bucket: (v) => v },
];

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/** A leaf's six dimension values, each zero-based (origin, shape-1, colour-1, clarity-1, cut, lab). */
const LEAF_VALUES: Uint8Array[] = (() => {
  const out: Uint8Array[] = new Array(LEAF_COUNT);
  for (let k = 0; k < LEAF_COUNT; k++) {
    let rest = k;
    const lab = rest % DIMS.lab;
    rest = Math.floor(rest / DIMS.lab);
    const cut = rest % DIMS.cut;
    rest = Math.floor(rest / DIMS.cut);
    const clarity = rest % DIMS.clarity;
    rest = Math.floor(rest / DIMS.clarity);
    const color = rest % DIMS.color;
    rest = Math.floor(rest / DIMS.color);
    const shape = rest % DIMS.shape;
    const origin = Math.floor(rest / DIMS.shape);
    out[k] = Uint8Array.of(origin, shape, color, clarity, cut, lab);
  }
  return out;
})();

function leafValues(k: number): Uint8Array {
  return LEAF_VALUES[k]!;
}

function allowList(ids: readonly number[]): Uint8Array | null {
  if (!ids.length) return null;
  const allow = new Uint8Array(0x10000);
  for (const id of ids) if (id >= 0 && id < 0x10000) allow[id] = 1;
  return allow;
}

function rowsOfIds(ix: SearchIndex, ids: readonly number[]): Uint32Array {
  const wanted = new Set(ids);
  const rows: number[] = [];
  if (wanted.size) for (let r = 0; r < ix.size; r++) if (wanted.has(ix.id[r]!)) rows.push(r);
  return Uint32Array.from(rows);
}

/** The mask's bits for rows [r, hi) that lie in r's 32-row word. */
function wordBits(mask: Uint32Array, r: number, hi: number): number {
  const end = Math.min(hi, ((r >>> 5) + 1) << 5);
  let bits = mask[r >>> 5]! & (~0 << (r & 31));
  if ((end & 31) !== 0) bits &= (1 << (end & 31)) - 1;
  return bits;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** In a permutation sorted by key: the first position whose key is ≥ k (or > k when `after`). */
function searchKey(perm: Uint32Array, key: KeyFn, k: number, after: boolean): number {
  let lo = 0;
  let hi = perm.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = key(perm[mid]!);
    if (v < k || (after && v === k)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose value is ≥ x (a is ascending there). */
function lowerBound(a: Uint32Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose value is > x. */
function upperBound(a: Uint32Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
