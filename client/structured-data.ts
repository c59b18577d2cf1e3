/**
 * schema.org JSON-LD builders for the pages' heads (PageMeta.jsonLd): the Organization on the home page, a
 * BreadcrumbList, Product with Offer on diamond, setting and jewellery pages, Article, FAQPage. URLs may be
 * site-relative: `absolutize` (run by the server renderer) makes them absolute against the page's origin.
 */

type Thing = Record<string, unknown>;
const CONTEXT = "https://schema.org";

/** Loupe as an Organization (the home page). */
export function organization(): Thing {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    name: "Loupe",
    url: "/",
    logo: "/favicon.svg",
    description: "A marketplace and price comparison for certified natural and lab-grown diamonds, engagement rings and fine jewellery.",
  };
}

/** A BreadcrumbList from the trail's pages, outermost first (the last is the page itself). */
export function breadcrumbList(trail: readonly { name: string; path: string }[]): Thing {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((t, i) => ({ "@type": "ListItem", position: i + 1, name: t.name, item: t.path })),
  };
}

export interface ProductFacts {
  name: string;
  description?: string;
  path: string;
  image?: string;
  /** Whole US dollars. */
  price: number;
  available: boolean;
  /** The retailer selling it. */
  seller?: string;
  sku?: string;
  brand?: string;
}

/** A Product with one Offer in USD (InStock or SoldOut). */
export function product(p: ProductFacts): Thing {
  return {
    "@context": CONTEXT,
    "@type": "Product",
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    ...(p.image ? { image: p.image } : {}),
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
    offers: {
      "@type": "Offer",
      url: p.path,
      priceCurrency: "USD",
      price: p.price.toFixed(2),
      availability: p.available ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      ...(p.seller ? { seller: { "@type": "Organization", name: p.seller } } : {}),
    },
  };
}

export interface ArticleFacts {
  headline: string;
  description?: string;
  path: string;
  author: { name: string; path: string };
  /** ISO dates. */
  published: string;
  modified?: string;
  image?: string;
}

/** An Article with its author and dates. */
export function article(a: ArticleFacts): Thing {
  return {
    "@context": CONTEXT,
    "@type": "Article",
    headline: a.headline,
    ...(a.description ? { description: a.description } : {}),
    mainEntityOfPage: a.path,
    author: { "@type": "Person", name: a.author.name, url: a.author.path },
    publisher: { "@type": "Organization", name: "Loupe", logo: { "@type": "ImageObject", url: "/favicon.svg" } },
    datePublished: a.published,
    dateModified: a.modified ?? a.published,
    ...(a.image ? { image: a.image } : {}),
  };
}

/** A FAQPage of question and answer pairs (answers as plain text or simple HTML). */
export function faqPage(entries: readonly { question: string; answer: string }[]): Thing {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: entries.map((e) => ({ "@type": "Question", name: e.question, acceptedAnswer: { "@type": "Answer", text: e.answer } })),
  };
}

const URL_KEYS = new Set(["url", "item", "logo", "image", "mainEntityOfPage"]);

/** A copy of `thing` whose site-relative URLs (under the keys url, item, logo, image, mainEntityOfPage) are absolute. */
export function absolutize(thing: unknown, origin: string): unknown {
  if (Array.isArray(thing)) return thing.map((t) => absolutize(t, origin));
  if (thing === null || typeof thing !== "object") return thing;
  return Object.fromEntries(
    Object.entries(thing).map(([k, v]) => [k, URL_KEYS.has(k) && typeof v === "string" && v.startsWith("/") ? new URL(v, origin).href : absolutize(v, origin)]),
  );
}
