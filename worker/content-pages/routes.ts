/**
 * Loupe's own pages and team over HTTP (shared/api/content-pages.ts): a page's stored text, operators' edits
 * (admin token; the registrar answers 404 without it), the gemologists and their portraits' addresses.
 */
import { contentPageOperations as ops } from "#shared/api/content-pages.ts";
import { portraitUrl } from "#shared/content/page-schemas.ts";
import { refused } from "#shared/refusal.ts";
import { handle } from "../http/routes";
import { findContentPage, listContentPages, listGemologists, updateContentPage } from "./store";

/** §9 "content cache default 300 s". */
const CONTENT_CACHE = "public, max-age=300";

export const contentPageRoutes = [
  handle(ops.contentPage, async ({ params }, c) => {
    const page = (await findContentPage(c.env.DB, params.slug)) ?? refused("not_found", `No content page ${params.slug}`);
    c.header("Cache-Control", CONTENT_CACHE);
    return { status: 200, body: page };
  }),
  handle(ops.contentPages, async (_input, c) => ({ status: 200, body: { pages: await listContentPages(c.env.DB) } })),
  handle(ops.editContentPage, async ({ params, body }, c) => {
    const page = (await updateContentPage(c.env.DB, params.slug, body, Date.now())) ?? refused("not_found", `No content page ${params.slug}`);
    return { status: 200, body: page };
  }),
  handle(ops.gemologists, async (_input, c) => {
    c.header("Cache-Control", CONTENT_CACHE);
    return { status: 200, body: { gemologists: await listGemologists(c.env.DB) } };
  }),
  handle(ops.gemologistImages, async (_input, c) => {
    const images = (await listGemologists(c.env.DB)).map((g) => ({ id: g.id, name: g.name, imageUrl: portraitUrl(g.id), alt: `Portrait of ${g.name}` }));
    c.header("Cache-Control", CONTENT_CACHE);
    return { status: 200, body: { images } };
  }),
];
