/**
 * Reading a retailer feed: CSV (streamed) or JSON (an array of objects), with column names matched
 * case-insensitively against synonyms, into records of canonical fields with the file line each starts on.
 *
 * The pure parts are in columns.ts (fields, header mapping) and records.ts (JSON element lines, record building);
 * {@link openFeed} does the file I/O.
 */
import { createReadStream } from "node:fs";
import { open, readFile, stat, type FileHandle } from "node:fs/promises";
import { extname } from "node:path";
import { z } from "zod";
import { CsvParser, sniffDelimiter, type CsvRecord } from "./csv.ts";
import { FeedError, type FeedRecord, type HeaderMap, mapHeader } from "./columns.ts";
import { blank, csvRecord, jsonElementLines, jsonRecords } from "./records.ts";

/** An open feed: its header, size, and its records in file order. */
export interface Feed {
  format: "csv" | "json";
  header: HeaderMap;
  /** File size in bytes. */
  size: number;
  /** Bytes consumed so far (for progress). */
  bytesRead(): number;
  records(): AsyncGenerator<FeedRecord>;
}

/** The format of a feed: by extension (.csv/.tsv/.txt, .json), otherwise by its first character. */
export function detectFormat(path: string, firstChunk: string): "csv" | "json" {
  const ext = extname(path).toLowerCase();
  if (ext === ".json") return "json";
  if (ext === ".csv" || ext === ".tsv" || ext === ".txt") return "csv";
  return firstChunk
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("[")
    ? "json"
    : "csv";
}

const CHUNK_BYTES = 1 << 18;

/**
 * Opens a feed file. CSV is streamed (the header is read now, rows as {@link Feed.records} is iterated); JSON is read
 * whole. Throws {@link FeedError} when the file cannot be read, is empty, is not a JSON array, or has duplicate columns.
 */
export async function openFeed(path: string): Promise<Feed> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new FeedError(`${path} is not a file`);
    size = s.size;
  } catch (e) {
    if (e instanceof FeedError) throw e;
    throw new FeedError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const head = await readHead(path);
  return detectFormat(path, head) === "json" ? openJson(path, size) : openCsv(path, size, head);
}

/** The first few kilobytes of a file, for sniffing its format and delimiter. */
async function readHead(path: string): Promise<string> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(path, "r");
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    // A multi-byte character cut at the end decodes as U+FFFD: harmless for sniffing.
    return buf.subarray(0, bytesRead).toString("utf8");
  } catch (e) {
    throw new FeedError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await fh?.close();
  }
}

async function openJson(path: string, size: number): Promise<Feed> {
  const text = await readFile(path, "utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new FeedError(`${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const elements = z.array(z.unknown()).safeParse(parsed);
  if (!elements.success) throw new FeedError(`${path}: a JSON feed must be an array of objects`);
  const { header, records } = jsonRecords(elements.data, jsonElementLines(text) ?? []);
  let consumed = 0;
  return {
    format: "json",
    header,
    size,
    bytesRead: () => consumed,
    async *records() {
      let n = 0;
      for (const r of records) {
        n++;
        consumed = Math.round((size * n) / records.length);
        yield r;
      }
    },
  };
}

async function openCsv(path: string, size: number, head: string): Promise<Feed> {
  const parser = new CsvParser(sniffDelimiter(head.replace(/^\uFEFF/, "")));
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: CHUNK_BYTES });
  const chunks = stream[Symbol.asyncIterator]();
  // The records parsed from the current chunk and how many have been handed out. Progress counts the bytes of the
  // records handed out (a chunk's bytes spread over its records), not of the chunks the stream has read ahead.
  let batch: CsvRecord[] = [];
  let next = 0;
  let done = false;
  let consumedBefore = 0;
  let chunkBytes = 0;

  /** The next record, reading chunks as needed; undefined at the end of the input. */
  const take = async (): Promise<CsvRecord | undefined> => {
    while (next >= batch.length) {
      if (done) return undefined;
      consumedBefore += chunkBytes;
      const chunk: IteratorResult<unknown> = await chunks.next();
      if (chunk.done) {
        done = true;
        chunkBytes = 0;
        batch = parser.end();
      } else {
        const text = typeof chunk.value === "string" ? chunk.value : String(chunk.value);
        chunkBytes = Buffer.byteLength(text);
        batch = parser.push(text);
      }
      next = 0;
    }
    return batch[next++];
  };
  const bytesRead = (): number => {
    if (done && next >= batch.length) return size;
    return consumedBefore + (batch.length === 0 ? 0 : (chunkBytes * next) / batch.length);
  };

  let headerRecord: CsvRecord | undefined;
  try {
    while (!headerRecord) {
      const rec = await take();
      if (!rec) break;
      if (!blank(rec.fields)) headerRecord = rec;
    }
  } catch (e) {
    stream.destroy();
    throw new FeedError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!headerRecord) {
    stream.destroy();
    throw new FeedError(`${path} is empty (no header row)`);
  }
  let header: HeaderMap;
  try {
    header = mapHeader(headerRecord.fields);
  } catch (e) {
    stream.destroy();
    throw e;
  }
  return {
    format: "csv",
    header,
    size,
    bytesRead,
    async *records() {
      try {
        for (let rec = await take(); rec; rec = await take()) {
          const record = csvRecord(header, rec);
          if (record) yield record;
        }
      } finally {
        stream.destroy();
      }
    },
  };
}
