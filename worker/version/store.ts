/**
 * The announced releases and the browser configuration's overrides (D1, migration 0032). Announcing is an
 * upsert of one row per environment; the answer falls back to the app's own version, and the pwa flag to
 * the PWA variable, when nothing was announced or overridden.
 */
import { parseVersion, type VersionParts } from "#shared/version/compare.ts";
import { APP_VERSION, type Environment } from "#shared/version/current.ts";

/** The app's own version as parts (the default latest release of every environment). */
export const OWN_VERSION: VersionParts = parseVersion(APP_VERSION)!;

/** The latest release announced for `environment`, else the app's own version. */
export async function latestRelease(db: D1Database, environment: Environment): Promise<VersionParts> {
  const row = await db.prepare("SELECT major, minor, patch FROM released_versions WHERE environment = ?").bind(environment).first<VersionParts>();
  return row ? { major: row.major, minor: row.minor, patch: row.patch } : OWN_VERSION;
}

/** Records `version` as the latest release of `environment` (replacing any earlier announcement). */
export async function announceRelease(db: D1Database, environment: Environment, version: VersionParts, now: number): Promise<VersionParts> {
  await db
    .prepare(
      `INSERT INTO released_versions (environment, major, minor, patch, announced_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (environment) DO UPDATE SET major = excluded.major, minor = excluded.minor, patch = excluded.patch, announced_at = excluded.announced_at`,
    )
    .bind(environment, version.major, version.minor, version.patch, now)
    .run();
  return version;
}

/** Forgets the announcement of `environment`. */
export async function withdrawRelease(db: D1Database, environment: Environment): Promise<void> {
  await db.prepare("DELETE FROM released_versions WHERE environment = ?").bind(environment).run();
}

/** The variable's reading of the pwa flag: only the text "true" turns it on (unset: off). */
export const pwaVariable = (value: string | undefined): boolean => value?.trim().toLowerCase() === "true";

/** The pwa flag: the operator's override when there is one, else the PWA variable. */
export async function pwaEnabled(db: D1Database, variable: string | undefined): Promise<boolean> {
  const row = await db.prepare("SELECT value FROM app_config_overrides WHERE name = 'pwa'").first<{ value: string }>();
  return row ? row.value === "true" : pwaVariable(variable);
}

/** Overrides the pwa flag (`null`: removes the override, the variable decides again). */
export async function overridePwa(db: D1Database, pwa: boolean | null, now: number): Promise<void> {
  if (pwa === null) {
    await db.prepare("DELETE FROM app_config_overrides WHERE name = 'pwa'").run();
    return;
  }
  await db
    .prepare(
      `INSERT INTO app_config_overrides (name, value, updated_at) VALUES ('pwa', ?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    )
    .bind(String(pwa), now)
    .run();
}
