/**
 * The alert run (issue 19; the hourly Cron Trigger; docs/decisions/016-my-stuff-and-alerts.md):
 * (a) the diamonds listed since the last run's watermark are matched against every saved diamond search
 *     with its alert on, in one call to the search index object (the search page's own filters), and each
 *     match is recorded once per alert (`alert_matches`, INSERT … ON CONFLICT DO NOTHING RETURNING: only
 *     stones recorded now are news); the watermark advances (`alert_runs`);
 * (a') the settings listed since the last run's setting watermark are matched against every saved setting or
 *     jewellery search with its alert on (setting-matches.ts: the setting search's own rule), recorded alike;
 * (b) favourites whose price dropped past the threshold;
 * (c) at most one digest email per customer (digest.ts); unsubscribed customers get none, their matches
 *     are still recorded and their price-drop baselines stay (the drop shows in my stuff).
 * Every D1 statement passes its lists as one JSON parameter (D1 binds at most 100 values).
 */
import * as v from "valibot";
import { DiamondFilters, DiamondSearchRequest } from "#shared/schemas.ts";
import { USER_COLUMNS, userOf, type User, type UserRow } from "../../accounts/users";
import type { EmailBindings } from "../../email/outbox";
import { metered, newMeter } from "../../lib/d1-meter";
import type { AlertQuery } from "../../search/alerts";
import { toEngineQuery } from "../../search/plan";
import { searchIndex } from "../../search/service";
import { type CustomerNews, type SearchNews, sendDigests, stoneLabel } from "./digest";
import { allPriceDrops, toldPriceDrops } from "./price-drops";
import { describeSearch } from "./searches";
import { settingAlertMatches } from "./setting-matches";
import type { AlertLinkBindings } from "./stones";

/** The bindings of a run. */
export type AlertRunBindings = AlertLinkBindings & EmailBindings;

/** What a run did (also kept in `alert_runs`). */
export interface AlertRunReport {
  afterDiamondId: number;
  upToDiamondId: number;
  afterSettingId: number;
  upToSettingId: number;
  /** Saved searches with their alert on (every kind). */
  searches: number;
  /** New diamonds and new settings read. */
  newRows: number;
  matches: number;
  priceDrops: number;
  emails: number;
  /** Time the index object spent matching (its CPU for the run). */
  engineMs: number;
  /** The run's time (its I/O included: the worker's clock advances with each I/O). */
  ms: number;
  /** D1 statements, rows read and rows written (from each result's meta). */
  d1: { statements: number; rowsRead: number; rowsWritten: number };
}

interface AlertSearch {
  id: number;
  user_id: number;
  search_id: string;
  kind: "diamond" | "setting" | "jewellery";
  name: string;
  after_item_id: number;
  filters: string;
}

const CHUNK = 5_000;
function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The queries of the alerts (an unreadable stored search is left out); certificate searches restricted to the new stones with that number. */
async function alertQueries(db: D1Database, searches: readonly AlertSearch[], afterId: number, now: number): Promise<AlertQuery[]> {
  const parsed = searches.flatMap((s) => {
    let json: unknown;
    try {
      json = JSON.parse(s.filters);
    } catch {
      return [];
    }
    const f = v.safeParse(DiamondFilters, json);
    const req = f.success ? v.safeParse(DiamondSearchRequest, { ...f.output, pageNumber: 1, pageSize: 1 }) : null;
    return req?.success ? [{ s, req: req.output }] : [];
  });
  const certs = [...new Set(parsed.flatMap((p) => (p.req.certificateNumber ? [p.req.certificateNumber, p.req.certificateNumber.toUpperCase()] : [])))];
  const byCert = new Map<string, number[]>();
  if (certs.length) {
    const { results } = await db
      .prepare("SELECT id, certificate_id FROM diamonds WHERE id > ? AND certificate_id IN (SELECT value FROM json_each(?))")
      .bind(afterId, JSON.stringify(certs))
      .all<{ id: number; certificate_id: string }>();
    for (const r of results) byCert.set(r.certificate_id, [...(byCert.get(r.certificate_id) ?? []), r.id]);
  }
  return parsed.map(({ s, req }) => {
    const cert = req.certificateNumber;
    const onlyIds = cert ? [...(byCert.get(cert) ?? []), ...(byCert.get(cert.toUpperCase()) ?? [])] : null;
    return { key: s.id, afterId: s.after_item_id, query: toEngineQuery(req, { now, onlyIds }) };
  });
}

/** Records matches; resolves to the pairs recorded now (each stone at most once per alert, ever). */
async function recordMatches(db: D1Database, pairs: readonly [number, number][], now: number): Promise<[number, number][]> {
  const recorded: [number, number][] = [];
  if (pairs.length === 0) return recorded;
  const results = await db.batch(
    chunks(pairs, 20_000).map((part) =>
      db
        .prepare(
          `INSERT INTO alert_matches (user_search_id, item_id, found_at)
           SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), ?2 FROM json_each(?1)
           WHERE EXISTS (SELECT 1 FROM user_saved_searches u WHERE u.id = json_extract(value, '$[0]') AND u.has_alert = 1)
           ON CONFLICT DO NOTHING RETURNING user_search_id, item_id`,
        )
        .bind(JSON.stringify(part), now),
    ),
  );
  for (const r of results) for (const row of r.results as { user_search_id: number; item_id: number }[]) recorded.push([row.user_search_id, row.item_id]);
  return recorded;
}

/** One alert run at `now`; links point at `origin`. */
export async function runAlerts(
  bindings: AlertRunBindings,
  o: { now: number; origin: string; waitUntil: (p: Promise<unknown>) => void },
): Promise<AlertRunReport> {
  const started = performance.now();
  const meter = newMeter();
  const db = metered(bindings.DB, meter);
  const env = { ...bindings, DB: db };
  const [last, alerts] = await db.batch([
    db.prepare("SELECT up_to_diamond_id AS upTo, up_to_setting_id AS settingUpTo FROM alert_runs WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1"),
    db.prepare(
      `SELECT u.id, u.user_id, u.search_id, ss.kind, u.name, u.after_item_id, ss.filters FROM user_saved_searches u JOIN saved_searches ss ON ss.id = u.search_id
       WHERE u.has_alert = 1`,
    ),
  ]);
  const everyAlert = alerts!.results as AlertSearch[];
  const searches = everyAlert.filter((s) => s.kind === "diamond");
  const settingSearches = everyAlert.flatMap((s) => (s.kind === "diamond" ? [] : [{ ...s, kind: s.kind }]));
  const lastRun = last!.results[0] as { upTo: number; settingUpTo: number } | undefined;
  // The first run starts at the oldest alert's own watermark (nothing before it is news to anyone).
  const start = (list: readonly AlertSearch[], lastUpTo: number | undefined) =>
    lastUpTo ?? (list.length ? list.reduce((m, s) => Math.min(m, s.after_item_id), Number.MAX_SAFE_INTEGER) : 0);
  const watermark = start(searches, lastRun?.upTo);
  const settingWatermark = start(settingSearches, lastRun?.settingUpTo);

  let upTo = watermark;
  let engineMs = 0;
  let newRows = 0;
  let recorded: [number, number][] = [];
  if (searches.length > 0) {
    const queries = await alertQueries(db, searches, watermark, o.now);
    const found = await searchIndex(env).alertMatches(queries, watermark);
    upTo = found.upToId;
    engineMs = found.engineMs;
    newRows = found.newRows;
    recorded = await recordMatches(
      db,
      found.matches.flatMap((m) => m.ids.map((id) => [m.key, id] as [number, number])),
      o.now,
    );
  } else {
    const max = await db.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM diamonds").first<{ id: number }>();
    upTo = Math.max(watermark, max!.id);
  }
  const settingFound = await settingAlertMatches(db, settingSearches, settingWatermark, o.now);
  newRows += settingFound.newRows;
  recorded = [
    ...recorded,
    ...(await recordMatches(
      db,
      settingFound.matches.map((m) => [m.key, m.id]),
      o.now,
    )),
  ];
  const drops = await allPriceDrops(db);

  // Per customer: the searches with stones recorded now, and the price drops.
  const byId = new Map(everyAlert.map((s) => [s.id, s]));
  const pieces = new Map(settingFound.matches.map((m) => [`${m.key}:${m.id}`, { label: m.label, priceCents: m.priceCents }]));
  const stoneIds = [...new Set(recorded.flatMap(([key, id]) => (byId.get(key)?.kind === "diamond" ? [id] : [])))];
  const stones = new Map<number, { label: string; priceCents: number }>();
  for (const part of chunks(stoneIds)) {
    const { results } = await db
      .prepare("SELECT id, carat, shape, color, clarity, is_lab_grown, price_cents FROM diamonds WHERE id IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(part))
      .all<{ id: number; carat: number; shape: number; color: number; clarity: number; is_lab_grown: number; price_cents: number }>();
    for (const r of results) stones.set(r.id, { label: stoneLabel({ ...r, isLabGrown: r.is_lab_grown === 1 }), priceCents: r.price_cents });
  }
  const perSearch = new Map<number, SearchNews>();
  for (const [searchKey, id] of recorded.sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const s = byId.get(searchKey);
    const stone = s?.kind === "diamond" ? stones.get(id) : pieces.get(`${searchKey}:${id}`);
    if (!s || !stone) continue;
    const news = perSearch.get(searchKey) ?? { title: s.name, kind: s.kind, path: describeSearch(s.kind, s.search_id, s.filters).link, stones: [] };
    news.stones.push({ id, ...stone });
    perSearch.set(searchKey, news);
  }
  const newsOf = new Map<number, SearchNews[]>();
  for (const [key, n] of perSearch) {
    const userId = byId.get(key)!.user_id;
    newsOf.set(userId, [...(newsOf.get(userId) ?? []), n]);
  }
  const userIds = new Set<number>([...drops.keys(), ...newsOf.keys()]);
  const users = new Map<number, User>();
  for (const part of chunks([...userIds])) {
    const { results } = await db
      .prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(part))
      .all<UserRow>();
    for (const r of results) users.set(r.id, userOf(r));
  }
  const news: CustomerNews[] = [];
  for (const user of users.values()) {
    if (user.unsubscribed.alerts) continue;
    news.push({ user, searches: newsOf.get(user.id) ?? [], drops: drops.get(user.id) ?? [] });
  }
  const sent = await sendDigests(env, news, o);
  const told = news
    .filter((n) => sent.has(n.user.id))
    .flatMap((n) => n.drops.map((d) => ({ userId: n.user.id, diamondId: d.diamond.id, from: d.fromPrice, to: d.price })));
  await toldPriceDrops(db, told);

  const report: AlertRunReport = {
    afterDiamondId: watermark,
    upToDiamondId: upTo,
    afterSettingId: settingWatermark,
    upToSettingId: settingFound.upToId,
    searches: everyAlert.length,
    newRows,
    matches: recorded.length,
    priceDrops: told.length,
    emails: sent.size,
    engineMs,
    ms: 0,
    d1: meter,
  };
  await db
    .prepare(
      `INSERT INTO alert_runs (started_at, finished_at, after_diamond_id, up_to_diamond_id, after_setting_id, up_to_setting_id, searches, matches, price_drops, emails)
       VALUES (?1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    )
    .bind(o.now, watermark, upTo, settingWatermark, settingFound.upToId, everyAlert.length, recorded.length, told.length, sent.size)
    .run();
  report.ms = performance.now() - started;
  return report;
}
