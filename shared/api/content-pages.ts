/**
 * Loupe's own pages and team (issue 20 points 3 and 6; §7 "GET team/gemologists (optionally /images)"): a page's
 * stored text, operators' edits (admin token), the gemologists and their portraits.
 */
import { ContentPage, ContentPageEdit, ContentPageList, GemologistImageList, GemologistList, PageSlugParam } from "../content/page-schemas";
import { json, operation, refusal } from "./operation";

export const contentPageOperations = {
  contentPage: operation({
    method: "GET",
    path: "/content-pages/{slug}",
    operationId: "contentPage",
    summary: "One of Loupe's own pages (about, policies, guides) as stored: title, description and Markdown body",
    params: PageSlugParam,
    responses: { 200: json("The page", ContentPage), 404: refusal("No page with this slug") },
  }),
  contentPages: operation({
    method: "GET",
    path: "/content-pages",
    operationId: "contentPages",
    summary: "Admin (Authorization: Bearer ADMIN_TOKEN): every content page with its Markdown, for editing",
    admin: true,
    responses: { 200: json("Every page", ContentPageList), 404: refusal("Without the admin token") },
  }),
  editContentPage: operation({
    method: "PUT",
    path: "/content-pages/{slug}",
    operationId: "editContentPage",
    summary: "Admin: replaces a page's title, description and Markdown body (shown on the site within 30 s: the shared page render)",
    admin: true,
    params: PageSlugParam,
    body: ContentPageEdit,
    responses: { 200: json("The page as stored now", ContentPage), 404: refusal("No page with this slug, or without the admin token") },
  }),
  gemologists: operation({
    method: "GET",
    path: "/team/gemologists",
    operationId: "gemologists",
    summary: "Loupe's gemologists: name, role, credentials, biography, specialties and languages (the /team page)",
    responses: { 200: json("The gemologists", GemologistList) },
  }),
  gemologistImages: operation({
    method: "GET",
    path: "/team/gemologists/images",
    operationId: "gemologistImages",
    summary: "Each gemologist's portrait: a generated SVG at /images/team/{id}.svg, with its alt text",
    responses: { 200: json("The portraits", GemologistImageList) },
  }),
} as const;
