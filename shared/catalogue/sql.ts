/**
 * Builds literal SQL for seeding (SQLite / D1). Values are inlined as literals rather than bound so that many rows
 * fit in one statement (D1 caps bound parameters at 100 per statement).
 */

/** A value that can be written as an SQL literal. */
export type SqlValue = string | number | boolean | null;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid SQL identifier: ${JSON.stringify(name)}`);
  return name;
}

/**
 * The SQL literal for a value: strings single-quoted with quotes doubled, finite numbers as written, booleans as
 * 1/0, null as NULL. Throws on NaN or ±Infinity, and on strings containing NUL.
 */
export function sqlLiteral(v: SqlValue): string {
  if (v === null) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
    return String(v);
  }
  if (typeof v === "string") {
    if (v.includes("\u0000")) throw new RangeError("string contains NUL");
    return `'${v.replaceAll("'", "''")}'`;
  }
  throw new TypeError(`unsupported SQL value of type ${typeof v}`);
}

function isSqlValue(v: unknown): v is SqlValue {
  return v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";
}

/**
 * Multi-row `INSERT INTO table (cols) VALUES (...),(...);` statements, `rowsPerStatement` rows each. The columns are
 * the keys of the first row; every row must have exactly those keys. `verb` may be e.g. "INSERT OR REPLACE".
 */
export function insertStatements(table: string, rows: readonly Record<string, unknown>[], rowsPerStatement = 100, verb = "INSERT"): string[] {
  if (!/^(INSERT|REPLACE|INSERT OR (REPLACE|IGNORE|ABORT|FAIL|ROLLBACK))$/.test(verb)) {
    throw new Error(`invalid insert verb: ${verb}`);
  }
  if (!Number.isInteger(rowsPerStatement) || rowsPerStatement < 1) {
    throw new RangeError(`rowsPerStatement must be a positive integer: ${rowsPerStatement}`);
  }
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first).map(identifier);
  const head = `${verb} INTO ${identifier(table)} (${columns.join(", ")}) VALUES `;
  const tuples = rows.map((row, n) => {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) throw new Error(`${table} row ${n}: expected columns ${columns.join(", ")}`);
    return `(${columns
      .map((c) => {
        const v = row[c];
        if (!isSqlValue(v)) throw new TypeError(`${table} row ${n}: column ${c} is not an SQL value`);
        return sqlLiteral(v);
      })
      .join(",")})`;
  });
  const statements: string[] = [];
  for (let i = 0; i < tuples.length; i += rowsPerStatement) {
    statements.push(head + tuples.slice(i, i + rowsPerStatement).join(",") + ";");
  }
  return statements;
}
