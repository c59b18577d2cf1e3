import { DurableObject } from "cloudflare:workers";
import { CATALOGUE_VERSION_KEY } from "#shared/catalogue/seed-plan.ts";
import type { DiamondSummary } from "#shared/schemas.ts";
import { summary, type RetailerColumns } from "../diamonds/summary";
import type { DealStone } from "#shared/reports/schemas.ts";
import { alertMatches, type AlertMatchResult, type AlertQuery } from "./alerts";
import { dealScoreRows, dealStoneOfRow, rowOfId, type DealFigures } from "./deal-score";
import type { SearchIndex } from "./engine";
import type { EngineQuery, EngineResult, SimilarTo } from "./types";
import { loadColumns } from "./load";

/** How often (at most) the stones orders hold or sold are read again in the background (at once when told they changed). */
export const HELD_CHECK_MS = 1_000;
/** How often (at most) a search checks D1 for a new catalogue version. */
export const VERSION_CHECK_MS = 1_000;
/**
 * While searches keep coming, an alarm wakes the object this often, so the runtime never evicts it as idle
 * (workerd locally after about 10 s, Cloudflare after about a minute) and the index stays loaded; each
 * wake-up also checks the catalogue version.
 */
export const KEEP_WARM_MS = 5_000;
/** After this long without a search the alarm stops, and an idle object may be evicted (and reload later). */
export const KEEP_WARM_IDLE_MS = 15 * 60_000;
/** Deal scores kept per index version for the badge (a few MB at most). */
const DEAL_SCORES_KEPT = 50_000;
/** An isolate's memory limit on Cloudflare; one over it is reset, losing every index it holds. */
const ISOLATE_LIMIT_BYTES = 128 * 1024 * 1024;
/** What the isolate holds besides indexes (code, caches, a load's rows in flight): measured about 25 MB. */
const ISOLATE_BASE_BYTES = 32 * 1024 * 1024;

/**
 * Whether an old index of `bytes` may keep answering while its successor (about as large) loads: only when
 * both fit the isolate together. A larger catalogue's reload releases the old index first, and searches
 * wait for the new one (seconds) rather than risk the isolate.
 */
export function keepsOldIndexDuringReload(bytes: number): boolean {
  return ISOLATE_BASE_BYTES + 2 * bytes < ISOLATE_LIMIT_BYTES;
}

export interface IndexStatus {
  version: string;
  diamonds: number;
  skipped: number;
  bytes: number;
  loadMs: number;
  /** Of loadMs, the time spent reading D1 (the rest builds the index). */
  readMs: number;
  loadedAt: number;
}

/**
 * The diamond search index (docs/decisions/007-search-index.md): one Durable Object ("catalogue") holds the
 * available diamonds as typed columns in memory and answers every search. D1 stays the source of truth:
 * the object loads from it on first use and again whenever `seed_meta.catalogue_version` changes (every
 * catalogue writer — seed, feed import — writes a new one), checking at most once a second. While a new
 * version loads, the old index keeps answering when both fit the isolate (keepsOldIndexDuringReload).
 */
export class SearchIndexObject extends DurableObject<Env> {
  private index: SearchIndex | null = null;
  /** Retailer columns a result list shows, by id (read with the index). */
  private retailers = new Map<number, RetailerColumns>();
  private loading: Promise<SearchIndex> | null = null;
  private status: IndexStatus | null = null;
  private checkedAt = 0;
  private lastUsedAt = 0;
  /** Deal scores of the index `scoresOf` by diamond id (the badge experiment's cards). */
  private readonly scores = new Map<number, number | null>();
  private scoresOf: SearchIndex | null = null;
  /** Whether this instance has a keep-warm alarm pending (kept in memory: no storage read per search). */
  private warm = false;
  /**
   * Diamond ids held or sold by an order (inventory_holds), when they were read and for which generation (each
   * holdsChanged starts a new one), and the index whose `hidden` rows they mark.
   */
  private held: number[] = [];
  private heldReadAt = 0;
  private heldGen = -1;
  private heldWanted = 0;
  private heldRefreshing = false;
  private heldOf: SearchIndex | null = null;

  /**
   * Runs one search (RPC): the page's diamonds come from the index itself, so no second read is needed. With
   * `dealScores` (the Deal_Score_Badge experiment) each page diamond also gets its deal score.
   */
  async search(q: EngineQuery, dealScores = false): Promise<Omit<EngineResult, "rows"> & { diamonds: DiamondSummary[]; version: string; engineMs: number }> {
    const index = await this.ready();
    const started = performance.now();
    const result = index.search(q);
    const scores = dealScores ? result.rows.map((r) => this.dealScoreOfRow(index, r)) : null;
    const engineMs = performance.now() - started;
    const diamonds = this.summaries(index, result.rows, scores);
    return { ids: result.ids, total: result.total, facets: result.facets, priceHistogram: result.priceHistogram, diamonds, version: index.version, engineMs };
  }

  /** Up to `limit` diamonds like `d` (RPC; see SearchIndex.similar). */
  async similar(d: SimilarTo, limit: number): Promise<DiamondSummary[]> {
    const index = await this.ready();
    return this.summaries(index, index.similar(d, limit));
  }

  /**
   * The deal score of a stone against the comparable stones in the index (RPC; deal-score.ts) with the `limit`
   * nearest comparables as result cards and their adjusted prices.
   */
  async dealScore(
    stone: DealStone,
    limit: number,
  ): Promise<DealFigures & { comparables: { diamond: DiamondSummary; adjustedPrice: number }[]; engineMs: number }> {
    const index = await this.ready();
    const started = performance.now();
    const { rows, adjusted, ...figures } = dealScoreRows(index, stone, limit);
    const engineMs = performance.now() - started;
    return { ...figures, comparables: this.comparables(index, rows, adjusted), engineMs };
  }

  /**
   * The deal score of available diamond `id` (RPC; `GET /api/diamonds/{id}/deal-score`): its own grades and price
   * against the rest of the index, or null when the index does not hold it (unknown or sold).
   */
  async dealScoreOfId(
    id: number,
    limit: number,
  ): Promise<(DealFigures & { stone: DealStone; comparables: { diamond: DiamondSummary; adjustedPrice: number }[]; engineMs: number }) | null> {
    const index = await this.ready();
    const started = performance.now();
    const r = rowOfId(index, id);
    if (r < 0) return null;
    const stone = dealStoneOfRow(index, r);
    const { rows, adjusted, ...figures } = dealScoreRows(index, stone, limit);
    const engineMs = performance.now() - started;
    return { ...figures, stone, comparables: this.comparables(index, rows, adjusted), engineMs };
  }

  private comparables(index: SearchIndex, rows: number[], adjusted: number[]): { diamond: DiamondSummary; adjustedPrice: number }[] {
    const byId = new Map(rows.map((r, i) => [index.id[r]!, adjusted[i]!]));
    return this.summaries(index, rows).map((diamond) => ({ diamond, adjustedPrice: byId.get(diamond.id)! }));
  }

  /**
   * The alert run's one call (RPC; worker/my-stuff/alerts/run.ts): brings the index to the current catalogue
   * version, then finds, for each alert, the diamonds listed after `afterId` (and after the alert's own) that
   * its search would list. `engineMs` is the time spent matching (the index object's CPU for the run).
   */
  async alertMatches(queries: AlertQuery[], afterId: number): Promise<AlertMatchResult & { engineMs: number; version: string }> {
    await this.refresh();
    const index = await this.ready();
    const started = performance.now();
    const result = alertMatches(index, queries, afterId);
    return { ...result, engineMs: performance.now() - started, version: index.version };
  }

  private summaries(index: SearchIndex, rows: readonly number[], dealScores: (number | null)[] | null = null): DiamondSummary[] {
    return index.display(rows).flatMap((row, i) => {
      const retailer = this.retailers.get(row.retailer_id);
      if (!retailer) return [];
      const d = summary({ ...row, ...retailer });
      if (dealScores) d.dealScore = dealScores[i]!;
      return [d];
    });
  }

  /** A row's deal score out of 10, kept per index version (bounded: cleared when full). */
  private dealScoreOfRow(index: SearchIndex, r: number): number | null {
    if (this.scoresOf !== index) {
      this.scoresOf = index;
      this.scores.clear();
    }
    const id = index.id[r]!;
    let score = this.scores.get(id);
    if (score === undefined) {
      score = dealScoreRows(index, dealStoneOfRow(index, r), 0).score;
      if (this.scores.size >= DEAL_SCORES_KEPT) this.scores.clear();
      this.scores.set(id, score);
    }
    return score;
  }

  /** What the index holds (RPC), loading it first if needed. */
  async describe(): Promise<IndexStatus> {
    // Counts as use: the object stays loaded (keep-warm alarm) for whoever asked, as after a search.
    await this.ready();
    return this.status!;
  }

  /** Checks the catalogue version now and reloads when it changed (RPC; tests and tools). */
  async refresh(): Promise<IndexStatus> {
    const version = await this.readVersion();
    if (!this.index || this.index.version !== version) await this.load();
    return this.status!;
  }

  /** The index (loading it first if needed) for a search: checks the version soon and keeps the object warm. */
  private async ready(): Promise<SearchIndex> {
    const index = this.index ?? (await this.load());
    await this.markHeld(index);
    this.lastUsedAt = Date.now();
    this.checkVersionSoon();
    if (!this.warm) {
      this.warm = true;
      this.ctx.waitUntil(this.ctx.storage.setAlarm(Date.now() + KEEP_WARM_MS));
    }
    return index;
  }

  /** The holds changed (RPC; worker/orders/holds.ts): the next search reads them again before it runs. */
  async holdsChanged(): Promise<void> {
    this.heldWanted++;
  }

  /**
   * Marks the stones orders hold or sold as hidden in `index` (docs/decisions/058-inventory-holds.md). After
   * holdsChanged (and on the first search) the holds are read before the search runs; otherwise they are read
   * again in the background at most every HELD_CHECK_MS (one small D1 read), so a release shows within seconds.
   */
  private async markHeld(index: SearchIndex): Promise<void> {
    if (this.heldGen !== this.heldWanted) await this.readHeld();
    else if (Date.now() - this.heldReadAt >= HELD_CHECK_MS && !this.heldRefreshing) {
      this.heldRefreshing = true;
      this.ctx.waitUntil(
        this.readHeld()
          .catch((e: unknown) => console.error("search index: reading the holds failed", e))
          .finally(() => {
            this.heldRefreshing = false;
          }),
      );
    }
    if (this.heldOf === index) return;
    const bits = new Uint32Array(index.words);
    let any = false;
    for (const id of this.held) {
      const r = rowOfId(index, id);
      if (r < 0) continue;
      bits[r >>> 5]! |= 1 << (r & 31);
      any = true;
    }
    index.hidden = any ? bits : null;
    this.heldOf = index;
  }

  private async readHeld(): Promise<void> {
    const gen = this.heldWanted;
    const rows = await this.env.DB.prepare("SELECT item_id FROM inventory_holds WHERE item_kind = 'diamond'").raw<[number]>();
    this.held = rows.map((r) => r[0]);
    this.heldReadAt = Date.now();
    this.heldGen = gen;
    this.heldOf = null;
  }

  /**
   * The keep-warm alarm: checks the catalogue version and wakes again while searches keep coming. On an
   * object that was evicted anyway (nothing loaded) it does nothing, so no index loads without a search.
   */
  override async alarm(): Promise<void> {
    if (!this.index || Date.now() - this.lastUsedAt > KEEP_WARM_IDLE_MS) {
      this.warm = false;
      return;
    }
    this.checkVersionSoon();
    await this.ctx.storage.setAlarm(Date.now() + KEEP_WARM_MS);
  }

  private checkVersionSoon(): void {
    const now = Date.now();
    if (this.loading || now - this.checkedAt < VERSION_CHECK_MS) return;
    this.checkedAt = now;
    this.ctx.waitUntil(
      this.readVersion()
        .then((version) => (this.index && this.index.version !== version && !this.loading ? this.load().then(() => undefined) : undefined))
        .catch((e: unknown) => console.error("search index: version check failed", e)),
    );
  }

  private async readVersion(): Promise<string> {
    const row = await this.env.DB.prepare("SELECT value FROM seed_meta WHERE key = ?").bind(CATALOGUE_VERSION_KEY).first<{ value: string }>();
    return row?.value ?? "none";
  }

  private load(): Promise<SearchIndex> {
    this.loading ??= this.build().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async build(): Promise<SearchIndex> {
    const started = Date.now();
    if (this.index && !keepsOldIndexDuringReload(this.index.bytes)) {
      console.log(`search index: releasing version ${this.index.version} (${(this.index.bytes / 1e6).toFixed(1)} MB) before loading its successor`);
      this.index = null;
    }
    const db = this.env.DB;
    const version = await this.readVersion();
    const retailers = new Map<number, RetailerColumns>();
    const { results } = await db
      .prepare("SELECT id, name, slugurl, logo_url, small_logo_url FROM retailers")
      .all<{ id: number; name: string; slugurl: string; logo_url: string; small_logo_url: string }>();
    for (const r of results) retailers.set(r.id, { r_name: r.name, r_slugurl: r.slugurl, r_logo_url: r.logo_url, r_small_logo_url: r.small_logo_url });
    const builder = await loadColumns(db);
    const read = Date.now();
    const index = builder.build(version);
    // A turn of the event loop between the two builds (an inspector reading the isolate's memory gets in).
    await new Promise((resolve) => setTimeout(resolve, 0));
    index.prepareSorts();
    this.retailers = retailers;
    if (builder.skipped) console.warn(`search index: ${builder.skipped} diamonds outside the enumerations were not indexed`);
    this.index = index;
    this.checkedAt = Date.now();
    this.status = {
      version,
      diamonds: index.size,
      skipped: builder.skipped,
      bytes: index.bytes,
      loadMs: Date.now() - started,
      readMs: read - started,
      loadedAt: Date.now(),
    };
    console.log(
      `search index: ${index.size} diamonds, ${(index.bytes / 1e6).toFixed(1)} MB, loaded in ${this.status.loadMs} ms (${this.status.readMs} ms reading D1; version ${version})`,
    );
    return index;
  }
}
