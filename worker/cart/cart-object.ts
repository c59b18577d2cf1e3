import { DurableObject } from "cloudflare:workers";
import { decideLock, utcDayStart, type LockDecision } from "#shared/cart/locks.ts";
import { emptyCart, MAX_STORED_PRICE_LOCKS, type CartState, type PriceLock } from "#shared/cart/model.ts";
import { applyChange, type CartChange } from "#shared/cart/rules.ts";
import { priceCart } from "#shared/cart/pricing.ts";
import { mergeCarts } from "#shared/cart/merge.ts";
import type { Outcome } from "#shared/refusal.ts";

/** Version of the object's SQLite schema; bumped with each step of `migrate()`. */
const SCHEMA_VERSION = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A cart and its locks, as one RPC answers them. */
export interface CartSnapshot {
  state: CartState;
  locks: PriceLock[];
}

export type ChangeOutcome = Outcome<CartSnapshot>;

/** "empty": nothing to lock (a cart whose total is zero). */
export type LockOutcome = CartSnapshot & { decision: LockDecision["action"] | "empty"; lock: PriceLock | null };

/** Everything a cart holds, for a sign-in merge (see mergeFrom). */
export interface CartExport extends CartSnapshot {
  madeAt: number[];
}

/**
 * One Durable Object per visitor (addressed by the signed visitor id; after sign-in, by the user) holding
 * the cart and its price locks in SQLite (docs/decisions/008-cart-and-price-locks.md).
 *
 * Every method is synchronous over its storage: it reads, calls the pure domain (`applyChange`,
 * `decideLock`) and writes in one `transactionSync`, with no `await` — so no other request interleaves
 * between a check and its write, and limits like "3 price locks a day" hold under any concurrency. What a
 * change needs from the catalogue (products, prices, promotions) the worker reads from D1 first and passes in.
 * Expired locks go by one alarm set to the earliest expiry.
 */
export class CartObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** The alarm's clock (the RPC methods take `now`); tests set it through `runInDurableObject`. */
  clock: () => number = Date.now;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  private migrate() {
    const sql = this.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    const row = sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'").toArray()[0];
    const current = row ? Number(row.value) : 0;
    this.ctx.storage.transactionSync(() => {
      if (current < 1) {
        sql.exec("CREATE TABLE IF NOT EXISTS cart_items (id TEXT PRIMARY KEY, kind TEXT NOT NULL, data TEXT NOT NULL, added_at INTEGER NOT NULL)");
      }
      if (current < 2) {
        // v1 had an unused item table; the cart is one JSON document (one write per change) plus the locks.
        sql.exec("DROP TABLE IF EXISTS cart_items");
        sql.exec("CREATE TABLE cart (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL, data TEXT NOT NULL, updated_at INTEGER NOT NULL)");
        sql.exec(
          "CREATE TABLE price_locks (id TEXT PRIMARY KEY, total_cents INTEGER NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, cart_link TEXT NOT NULL)",
        );
        // Every lock made, kept two days after it was made, for the daily limit (a lock may be gone by then).
        sql.exec("CREATE TABLE lock_log (made_at INTEGER NOT NULL)");
      }
      sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", String(SCHEMA_VERSION));
    });
  }

  /** The storage schema version this object runs (RPC). */
  schemaVersion(): number {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'").one();
    return Number(row.value);
  }

  private readState(): CartState {
    const row = this.sql.exec<{ data: string }>("SELECT data FROM cart WHERE id = 1").toArray()[0];
    // Written only by writeState from a CartState: a stored document is trusted; a new field gets its default.
    return row ? { ...emptyCart(), ...(JSON.parse(row.data) as Partial<CartState>) } : emptyCart();
  }

  private writeState(s: CartState, now: number): void {
    this.sql.exec("INSERT OR REPLACE INTO cart (id, revision, data, updated_at) VALUES (1, ?, ?, ?)", s.revision, JSON.stringify(s), now);
  }

  private readLocks(): PriceLock[] {
    return this.sql
      .exec<{ id: string; total_cents: number; created_at: number; expires_at: number; cart_link: string }>(
        "SELECT id, total_cents, created_at, expires_at, cart_link FROM price_locks ORDER BY expires_at, id",
      )
      .toArray()
      .map((r) => ({ id: r.id, totalCents: r.total_cents, createdAt: r.created_at, expiresAt: r.expires_at, cartLink: r.cart_link }));
  }

  private madeAt(): number[] {
    return this.sql
      .exec<{ made_at: number }>("SELECT made_at FROM lock_log ORDER BY made_at")
      .toArray()
      .map((r) => r.made_at);
  }

  /** The cart and its unexpired locks (RPC). */
  snapshot(now: number = Date.now()): CartSnapshot {
    return { state: this.readState(), locks: this.readLocks().filter((l) => l.expiresAt > now) };
  }

  /**
   * Applies changes in order, all or none (RPC): the first that cannot apply leaves the cart as it was and
   * says why.
   */
  apply(changes: CartChange[], now: number = Date.now()): ChangeOutcome {
    let state = this.readState();
    for (const c of changes) {
      const r = applyChange(state, c);
      if (!r.ok) return r;
      state = r.state;
    }
    if (changes.length) this.writeState(state, now);
    return { ok: true, state, locks: this.readLocks().filter((l) => l.expiresAt > now) };
  }

  /**
   * Locks the cart's total for 72 hours (RPC, §4/§5): first applies `refresh` (the catalogue's current
   * prices, read by the worker), then prices the cart and decides by `decideLock` — all in one synchronous
   * run, so 50 simultaneous requests on an unchanged cart store exactly one lock.
   */
  lockPrice(refresh: CartChange | null, now: number = Date.now()): LockOutcome {
    let state = this.readState();
    if (refresh) {
      const r = applyChange(state, refresh);
      if (r.ok) state = r.state;
    }
    const locks = this.readLocks().filter((l) => l.expiresAt > now);
    const priced = priceCart(state, locks, now);
    const total = priced.totals.totalBeforeLockCents;
    if (total <= 0) return { state, locks, decision: "empty", lock: null };
    const decision: LockDecision = decideLock(locks, this.madeAt(), total, now);
    let lock: PriceLock | null = null;
    this.ctx.storage.transactionSync(() => {
      if (refresh) this.writeState(state, now);
      if (decision.action === "existing") lock = decision.lock;
      if (decision.action === "add") {
        lock = { id: crypto.randomUUID(), totalCents: total, createdAt: now, expiresAt: decision.expiresAt, cartLink: priced.cartLink };
        this.sql.exec(
          "INSERT INTO price_locks (id, total_cents, created_at, expires_at, cart_link) VALUES (?, ?, ?, ?, ?)",
          lock.id,
          lock.totalCents,
          lock.createdAt,
          lock.expiresAt,
          lock.cartLink,
        );
        this.sql.exec("INSERT INTO lock_log (made_at) VALUES (?)", now);
        this.sql.exec("DELETE FROM lock_log WHERE made_at < ?", utcDayStart(now) - DAY_MS);
      }
    });
    if (decision.action === "add") this.scheduleExpiry();
    return { state, locks: this.readLocks().filter((l) => l.expiresAt > now), decision: decision.action, lock };
  }

  /** Sets the alarm to the earliest lock expiry (or clears it when no lock is left). */
  private scheduleExpiry(): void {
    const next = this.sql.exec<{ at: number | null }>("SELECT MIN(expires_at) AS at FROM price_locks").one().at;
    if (next === null) void this.ctx.storage.deleteAlarm();
    else void this.ctx.storage.setAlarm(next);
  }

  /** Deletes the locks that have expired and re-arms for the next one (idempotent). */
  override async alarm(): Promise<void> {
    const now = this.clock();
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM price_locks WHERE expires_at <= ?", now);
      this.sql.exec("DELETE FROM lock_log WHERE made_at < ?", utcDayStart(now) - DAY_MS);
    });
    this.scheduleExpiry();
  }

  /** Everything this cart holds, and empties it (RPC; the source side of a sign-in merge). */
  takeAll(): CartExport {
    const out: CartExport = { state: this.readState(), locks: this.readLocks(), madeAt: this.madeAt() };
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM cart");
      this.sql.exec("DELETE FROM price_locks");
      this.sql.exec("DELETE FROM lock_log");
    });
    void this.ctx.storage.deleteAlarm();
    return out;
  }

  /**
   * Merges a visitor's cart into this (the signed-in user's) cart (RPC; decision 008: the visitor's newer
   * ring and promo win, lines add up, locks and the daily count carry over within their limits).
   */
  mergeFrom(other: CartExport, now: number = Date.now()): CartSnapshot {
    const mine = this.readState();
    const merged = mergeCarts(mine, other.state);
    const locks = this.readLocks().filter((l) => l.expiresAt > now);
    const theirs = other.locks.filter((l) => l.expiresAt > now && !locks.some((m) => m.totalCents === l.totalCents));
    this.ctx.storage.transactionSync(() => {
      this.writeState(merged, now);
      for (const l of theirs.sort((a, b) => b.expiresAt - a.expiresAt).slice(0, Math.max(0, MAX_STORED_PRICE_LOCKS - locks.length))) {
        this.sql.exec(
          "INSERT OR IGNORE INTO price_locks (id, total_cents, created_at, expires_at, cart_link) VALUES (?, ?, ?, ?, ?)",
          l.id,
          l.totalCents,
          l.createdAt,
          l.expiresAt,
          l.cartLink,
        );
      }
      for (const t of other.madeAt) if (t >= utcDayStart(now) - DAY_MS) this.sql.exec("INSERT INTO lock_log (made_at) VALUES (?)", t);
    });
    this.scheduleExpiry();
    return this.snapshot(now);
  }
}
