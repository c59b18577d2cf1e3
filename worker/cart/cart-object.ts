import { DurableObject } from "cloudflare:workers";

/** Version of the object's SQLite schema; bumped with each change to `migrate()`. */
const SCHEMA_VERSION = 1;

/**
 * One Durable Object per visitor (addressed by the visitor id) holding cart and price-lock state in its
 * SQLite storage. This is the foundation — the versioned schema and the binding; the cart model, its
 * rules and price locks are built on it by the cart work (issue 4).
 */
export class CartObject extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  private migrate() {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    const row = sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'").toArray()[0];
    const current = row ? Number(row.value) : 0;
    if (current < 1) {
      this.ctx.storage.transactionSync(() => {
        sql.exec("CREATE TABLE IF NOT EXISTS cart_items (id TEXT PRIMARY KEY, kind TEXT NOT NULL, data TEXT NOT NULL, added_at INTEGER NOT NULL)");
        sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", String(SCHEMA_VERSION));
      });
    }
  }

  /** The storage schema version this object runs (RPC). */
  schemaVersion(): number {
    const row = this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'").one();
    return Number(row.value);
  }
}
