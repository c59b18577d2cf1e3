/**
 * A D1 binding that counts what its statements cost (rows read and written, from each result's `meta`),
 * for jobs that report their D1 use (the alert run: worker/my-stuff/alerts/run.ts). `first()` is answered
 * from `all()` so its meta is seen too; everything else passes through.
 */

/** What the statements through a metered binding cost so far. */
export interface D1Meter {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
}

export const newMeter = (): D1Meter => ({ statements: 0, rowsRead: 0, rowsWritten: 0 });

/** `db`, counting into `meter`. */
export function metered(db: D1Database, meter: D1Meter): D1Database {
  const targets = new WeakMap<object, D1PreparedStatement>();
  const add = (meta: { rows_read?: number; rows_written?: number } | undefined) => {
    meter.statements += 1;
    meter.rowsRead += meta?.rows_read ?? 0;
    meter.rowsWritten += meta?.rows_written ?? 0;
  };
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(t, p) {
        if (p === "bind") return (...values: unknown[]) => wrap(t.bind(...values));
        if (p === "all" || p === "run") {
          return async () => {
            const r = await t.all();
            add(r.meta);
            return r;
          };
        }
        if (p === "first") {
          return async (column?: string) => {
            const r = await t.all<Record<string, unknown>>();
            add(r.meta);
            const row = r.results[0] ?? null;
            return column === undefined ? row : (row?.[column] ?? null);
          };
        }
        const value: unknown = Reflect.get(t, p, t);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
    targets.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(db, {
    get(t, p) {
      if (p === "prepare") return (sql: string) => wrap(t.prepare(sql));
      if (p === "batch") {
        return async (stmts: D1PreparedStatement[]) => {
          const results = await t.batch(stmts.map((s) => targets.get(s) ?? s));
          for (const r of results) add(r.meta);
          return results;
        };
      }
      const value: unknown = Reflect.get(t, p, t);
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}
