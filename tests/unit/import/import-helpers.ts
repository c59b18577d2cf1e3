/**
 * Shared by the feed importer tests of this folder: the reasons of two out-of-scale grades, and a CSV text's
 * records and import options as the importer sees them.
 */
import { parseCsv } from "../../../scripts/import/csv.ts";
import { mapHeader, type FeedRecord, type HeaderMap } from "../../../scripts/import/columns.ts";
import { csvRecord } from "../../../scripts/import/records.ts";
import type { MapOptions } from "../../../scripts/import/rules.ts";

export const FAIR = "cut Fair is below the catalogue's cut scale (Ideal, Excellent, Very Good, Good)";
export const I1 = "clarity I1 is outside the catalogue's clarity scale (FL–SI2)";

/** Records of a CSV text as the importer sees them. */
export function records(text: string): { header: HeaderMap; rows: FeedRecord[] } {
  const [head, ...rest] = parseCsv(text);
  const header = mapHeader(head!.fields);
  return { header, rows: rest.flatMap((r) => csvRecord(header, r) ?? []) };
}

export function options(header: HeaderMap, extra: Partial<MapOptions> = {}): MapOptions {
  return { retailerId: 1, retailerType: 3, present: header.present, defaultShape: null, defaultLab: null, defaultOrigin: 0, ...extra };
}
