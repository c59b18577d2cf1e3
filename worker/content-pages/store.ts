/**
 * Loupe's own pages and gemologists in D1 (`content_pages`, `gemologists`; migrations/0021_content_pages.sql):
 * reads for the page route and the API, and an operator's edit. Plain functions of the database and values.
 */
import type { ContentPage, ContentPageEdit, Gemologist } from "#shared/content/page-schemas.ts";
import { contentPagePath, type PageSection } from "#shared/content/pages.ts";

interface PageRow {
  slug: string;
  title: string;
  description: string;
  body: string;
  section: PageSection;
  in_footer: number;
  updated_at: number;
}

const PAGE_COLUMNS = "slug, title, description, body, section, in_footer, updated_at";

function pageOf(r: PageRow): ContentPage {
  return {
    slug: r.slug,
    path: contentPagePath(r.slug),
    title: r.title,
    description: r.description,
    body: r.body,
    section: r.section,
    inFooter: r.in_footer === 1,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The stored page with this slug, or null. */
export async function findContentPage(db: D1Database, slug: string): Promise<ContentPage | null> {
  const row = await db.prepare(`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE slug = ?`).bind(slug).first<PageRow>();
  return row ? pageOf(row) : null;
}

/** Every stored page, by section and position. */
export async function listContentPages(db: D1Database): Promise<ContentPage[]> {
  const { results } = await db.prepare(`SELECT ${PAGE_COLUMNS} FROM content_pages ORDER BY section, position, slug`).all<PageRow>();
  return results.map(pageOf);
}

/** Replaces a page's title, description and body (its "last updated" becomes `now`); null when there is no such page. */
export async function updateContentPage(db: D1Database, slug: string, edit: ContentPageEdit, now: number): Promise<ContentPage | null> {
  const row = await db
    .prepare(`UPDATE content_pages SET title = ?, description = ?, body = ?, updated_at = ? WHERE slug = ? RETURNING ${PAGE_COLUMNS}`)
    .bind(edit.title, edit.description, edit.body, now, slug)
    .first<PageRow>();
  return row ? pageOf(row) : null;
}

interface GemologistRow {
  id: string;
  name: string;
  role: string;
  credentials: string;
  bio: string;
  specialties: string;
  languages: string;
}

/** A stored JSON list of strings; anything else reads as empty (the seed writes these, never a shopper). */
function strings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Loupe's gemologists, in the team page's order. */
export async function listGemologists(db: D1Database): Promise<Gemologist[]> {
  const { results } = await db
    .prepare("SELECT id, name, role, credentials, bio, specialties, languages FROM gemologists ORDER BY position, id")
    .all<GemologistRow>();
  return results.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    credentials: strings(r.credentials),
    bio: r.bio,
    specialties: strings(r.specialties),
    languages: strings(r.languages),
  }));
}
