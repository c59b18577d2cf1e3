/**
 * The alert run's setting and jewellery part (issue 19; docs/decisions/016-my-stuff-and-alerts.md): the
 * settings listed since the run's setting watermark (settings rows with an id above it — the catalogue is a
 * few hundred rows, so they are read once per run with their metal variants) are matched against each saved
 * setting or jewellery search with its alert on, by the setting search's own rule (`searchSettings` over the
 * new rows: `settingMatches`, then an available metal of the asked metals within the price bounds). A piece
 * is told in the metal the search page's card would show first (its cheapest matching one).
 */
import * as v from "valibot";
import type { SettingRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import type { SettingSearchKind } from "#shared/settings/pages.ts";
import { SettingFilters } from "#shared/settings/schemas.ts";
import { searchSettings, settingCatalogue } from "#shared/settings/search.ts";
import { filtersOfKind } from "../../settings/service";

/** A saved setting or jewellery search with its alert on. */
export interface SettingAlertSearch {
  id: number;
  kind: SettingSearchKind;
  after_item_id: number;
  filters: string;
}

/** One new piece a search found: the search's key, the setting's id, and how the email names and prices it. */
export interface SettingMatch {
  key: number;
  id: number;
  label: string;
  priceCents: number;
}

/** What the setting part of a run found: the watermark it reached, the new rows read and the matches. */
export interface SettingAlertMatches {
  upToId: number;
  newRows: number;
  matches: SettingMatch[];
}

/** A stored filter state as its kind searches it, or null when it no longer validates. */
function filtersOf(s: SettingAlertSearch): SettingFilters | null {
  let json: unknown;
  try {
    json = JSON.parse(s.filters);
  } catch {
    return null;
  }
  const f = v.safeParse(SettingFilters, json);
  if (!f.success) return null;
  try {
    return filtersOfKind(s.kind, f.output);
  } catch {
    return null;
  }
}

/**
 * Matches the settings listed after `afterId` against the searches (each only for settings above its own
 * `after_item_id`). With no searches only the newest id is read (the watermark still advances).
 */
export async function settingAlertMatches(db: D1Database, searches: readonly SettingAlertSearch[], afterId: number, now: number): Promise<SettingAlertMatches> {
  if (searches.length === 0) {
    const max = await db.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM settings").first<{ id: number }>();
    return { upToId: Math.max(afterId, max!.id), newRows: 0, matches: [] };
  }
  const [settings, variants] = await db.batch([
    db.prepare("SELECT * FROM settings WHERE id > ? ORDER BY id").bind(afterId),
    db.prepare("SELECT * FROM setting_variants WHERE setting_id > ? ORDER BY setting_id, metal").bind(afterId),
  ]);
  const rows = settings!.results as SettingRow[];
  const upToId = rows.reduce((m, r) => Math.max(m, r.id), afterId);
  const matches: SettingMatch[] = [];
  if (rows.length === 0) return { upToId, newRows: 0, matches };
  const all = settingCatalogue(rows, variants!.results as SettingVariantRow[], []);
  for (const s of searches) {
    const f = filtersOf(s);
    if (!f) continue;
    const cat = { ...all, settings: all.settings.filter((r) => r.id > s.after_item_id) };
    if (cat.settings.length === 0) continue;
    const found = searchSettings(cat, f, { pageNumber: 1, pageSize: cat.settings.length }, now);
    for (const card of found.settings) {
      const metal = card.metals[0]!;
      matches.push({ key: s.id, id: card.id, label: `${card.name}, ${metal.metalName}`, priceCents: metal.price });
    }
  }
  return { upToId, newRows: rows.length, matches };
}
