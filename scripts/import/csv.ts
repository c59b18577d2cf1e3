/**
 * A small incremental CSV reader (RFC 4180 plus the usual leniencies) and a CSV field writer.
 *
 * Why hand-written: the importer must not add dependencies, and it needs the 1-based file line on which each
 * record starts (quoted fields may span lines), which general-purpose parsers rarely report.
 *
 * Accepted: a delimiter (comma by default), fields quoted with `"` and quotes inside them doubled, LF, CRLF or a lone
 * CR as line ends (also inside quoted fields, where they are kept as written), a UTF-8 byte order mark, blank lines
 * (skipped), and input arriving in arbitrary chunks (a CRLF or a doubled quote may be split between two chunks).
 * Leniencies: a quote inside an unquoted field is kept literally, as is text after a closing quote (`"ab"c` → `abc`).
 * An unterminated quoted field at the end of the input is returned with an `error` instead of being dropped.
 */

/** One CSV record: its fields and the 1-based line of the file on which it starts. */
export interface CsvRecord {
  line: number;
  fields: string[];
  /** Set when the record is malformed (only: a quoted field not closed before the end of the input). */
  error?: string;
}

const QUOTE = 34; // "
const LF = 10;
const CR = 13;

/** Incremental CSV parser: feed it chunks with {@link CsvParser.push}, then call {@link CsvParser.end}. */
export class CsvParser {
  private readonly delimiter: number;
  private fields: string[] = [];
  private field = "";
  /** True while inside a quoted field; `quoteSeen` marks a quote that may be the first half of `""`. */
  private inQuotes = false;
  private quoteSeen = false;
  /** The current field began with a quote (so it is a quoted field, even when empty). */
  private quotedField = false;
  /** The previous chunk ended with CR: a leading LF of the next chunk belongs to the same line end. */
  private pendingCr = false;
  private started = false;
  private line = 1;
  private recordLine = 1;

  constructor(delimiter = ",") {
    if (delimiter.length !== 1 || delimiter === '"' || delimiter === "\n" || delimiter === "\r") {
      throw new RangeError(`invalid CSV delimiter: ${JSON.stringify(delimiter)}`);
    }
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Parses a chunk and returns the records it completed (possibly none). */
  push(chunk: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let i = 0;
    const n = text.length;
    if (this.pendingCr && n > 0) {
      this.pendingCr = false;
      if (text.charCodeAt(0) === LF) {
        if (this.inQuotes && !this.quoteSeen) this.field += "\n";
        i = 1;
      }
    }
    while (i < n) {
      if (this.inQuotes) {
        if (this.quoteSeen) {
          // The previous character was a quote inside a quoted field: `""` is a literal quote, anything else closes.
          this.quoteSeen = false;
          if (text.charCodeAt(i) === QUOTE) {
            this.field += '"';
            i++;
            continue;
          }
          this.inQuotes = false;
          continue; // re-read this character outside the quotes
        }
        const q = text.indexOf('"', i);
        const end = q === -1 ? n : q;
        const part = text.slice(i, end);
        this.countLines(part);
        this.field += part;
        if (q === -1) {
          // A chunk ending in CR inside quotes: the LF that may follow belongs to the same line end.
          if (part.charCodeAt(part.length - 1) === CR) this.pendingCr = true;
          i = n;
        } else {
          this.quoteSeen = true;
          i = q + 1;
        }
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === this.delimiter) {
        this.endField();
        i++;
      } else if (c === LF || c === CR) {
        this.endRecord(out);
        this.line++;
        this.recordLine = this.line;
        if (c === CR) {
          if (i + 1 < n) {
            if (text.charCodeAt(i + 1) === LF) i++;
          } else {
            this.pendingCr = true;
          }
        }
        i++;
      } else if (c === QUOTE && this.field === "" && !this.quotedField) {
        this.inQuotes = true;
        this.quotedField = true;
        i++;
      } else {
        // Plain run of characters up to the next delimiter, quote or line end.
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === this.delimiter || d === LF || d === CR || d === QUOTE) break;
          j++;
        }
        // (A quote that does not open a field, i.e. inside an unquoted field or after a closing one, is literal.)
        this.field += text.slice(i, j);
        i = j;
      }
    }
    return out;
  }

  /** Flushes the last record (a final line without a line end) and reports an unterminated quoted field. */
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.quoteSeen) {
      this.quoteSeen = false;
      this.inQuotes = false;
    }
    if (this.inQuotes) {
      this.fields.push(this.field);
      out.push({ line: this.recordLine, fields: this.fields, error: "unterminated quoted field (a quote opened and never closed)" });
      this.reset();
      return out;
    }
    this.endRecord(out);
    return out;
  }

  private countLines(part: string): void {
    for (let k = 0; k < part.length; k++) {
      const c = part.charCodeAt(k);
      if (c === LF) {
        if (k === 0 || part.charCodeAt(k - 1) !== CR) this.line++;
      } else if (c === CR) {
        this.line++;
      }
    }
    // A CRLF split as CR | LF across chunks inside quotes: the CR already counted the line.
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = "";
    this.quotedField = false;
  }

  private endRecord(out: CsvRecord[]): void {
    const blank = this.fields.length === 0 && this.field === "" && !this.quotedField;
    if (!blank) {
      this.endField();
      out.push({ line: this.recordLine, fields: this.fields });
    }
    this.reset();
  }

  private reset(): void {
    this.fields = [];
    this.field = "";
    this.quotedField = false;
    this.inQuotes = false;
    this.quoteSeen = false;
  }
}

/** Parses a whole CSV text (see {@link CsvParser}). */
export function parseCsv(text: string, delimiter = ","): CsvRecord[] {
  const p = new CsvParser(delimiter);
  return [...p.push(text), ...p.end()];
}

/**
 * Guesses the delimiter from the first line of a file: the most frequent of comma, semicolon and tab outside
 * quotes (comma when none occurs), so European `;` exports and TSV files read without an option.
 */
export function sniffDelimiter(firstChunk: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let inQuotes = false;
  for (const ch of firstChunk) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === "\n" || ch === "\r")) break;
    else if (!inQuotes && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ",";
  let bestCount = 0;
  for (const [d, c] of counts) {
    if (c > bestCount) {
      best = d;
      bestCount = c;
    }
  }
  return best;
}

/** One field written for CSV: quoted when it contains a comma, quote, CR or LF (quotes doubled), else as is. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (no line end) from fields. */
export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(",");
}
