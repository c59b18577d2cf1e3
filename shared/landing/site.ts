/**
 * Site facts the landing and information pages share (issue 20 points 3 and 6): the app version (§1 "App version
 * 1.3.98"), the tag slots `/injector-test` shows, and the HTML sitemap's sections — one exported list, so other
 * features (articles, retailers, policies) add their pages by extending it (`sitemapSections(extra)`).
 */
import { LANDING_PAGES } from "../landing-pages";
import { JEWELRY_LANDINGS, SETTING_LANDINGS } from "./setting-landings";

/** §1: the app version `GET /api/version` and `/version` report (with the environment, APP_ENV). */
export { APP_VERSION } from "../version/current";

/** A place in every page where an operator's tag manager may inject a tag; `/injector-test` marks each one. */
export interface TagSlot {
  id: string;
  where: string;
}

export const TAG_SLOTS: readonly TagSlot[] = [
  { id: "head", where: "Inside <head>, before the page's own scripts: consent and tag manager loaders." },
  { id: "body-start", where: "First element of <body>: a tag manager's no-script frame." },
  { id: "body-end", where: "Last element of <body>: conversion and analytics tags that must not delay the page." },
];

export interface SitemapLink {
  path: string;
  label: string;
}

export interface SitemapSection {
  title: string;
  links: readonly SitemapLink[];
}

/** The public pages by section (the HTML sitemap and the lead's footer); other features add theirs with `sitemapSections`. */
export const SITEMAP_SECTIONS: readonly SitemapSection[] = [
  {
    title: "Diamonds",
    links: [
      { path: "/diamonds", label: "Natural diamonds" },
      { path: "/lab-grown-diamonds", label: "Lab-grown diamonds" },
      { path: "/lab-created-diamonds", label: "Lab-created diamonds explained" },
      { path: "/diamond-search", label: "Diamond search" },
      { path: "/compare", label: "Compare diamonds" },
      ...LANDING_PAGES.map((p) => ({ path: `/diamonds/slp/${p.slug}`, label: p.title })),
    ],
  },
  {
    title: "Engagement rings and settings",
    links: [
      { path: "/engagement-rings", label: "Engagement rings" },
      { path: "/settings", label: "Ring settings" },
      { path: "/shop-engagement-rings", label: "Shop engagement rings" },
      { path: "/buy-engagement-rings", label: "How to buy an engagement ring" },
      { path: "/most-popular-engagement-rings", label: "Most popular engagement rings" },
      { path: "/setting-search", label: "Setting search" },
      { path: "/wedding-rings", label: "Wedding rings" },
      ...SETTING_LANDINGS.map((p) => ({ path: `/settings/slp/${p.slug}`, label: p.title })),
    ],
  },
  {
    title: "Fine jewellery",
    links: [
      { path: "/fine-jewelry", label: "Fine jewellery" },
      { path: "/diamond-earrings", label: "Diamond earrings" },
      { path: "/diamond-studs", label: "Diamond studs" },
      { path: "/diamond-pendant", label: "Diamond pendants" },
      { path: "/free-diamond-earrings", label: "Free diamond earrings" },
      { path: "/jewelry-search", label: "Jewellery search" },
      ...JEWELRY_LANDINGS.map((p) => ({ path: `/fine-jewelry/slp/${p.slug}`, label: p.title })),
    ],
  },
  {
    title: "Buying with Loupe",
    links: [
      { path: "/financing", label: "Financing" },
      { path: "/active-promotions", label: "Current promotions" },
      { path: "/our-data", label: "Where our data comes from" },
      { path: "/sitemap", label: "Sitemap" },
    ],
  },
];

/** The sections with other features' links added: a section of the same title is extended, a new one appended. */
export function sitemapSections(extra: readonly SitemapSection[] = []): SitemapSection[] {
  const out = SITEMAP_SECTIONS.map((s) => ({ title: s.title, links: [...s.links] }));
  for (const e of extra) {
    const same = out.find((s) => s.title === e.title);
    if (same) same.links.push(...e.links.filter((l) => !same.links.some((x) => x.path === l.path)));
    else out.push({ title: e.title, links: [...e.links] });
  }
  return out;
}
