/**
 * The product pages' heads as a search engine or a social network reads them (decision 025): Open Graph and
 * Twitter tags, a JSON-LD Product whose Offer is the price the page shows, the BreadcrumbList, and data that
 * cannot break out of its script element.
 */
import { afterAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { diamondSlug } from "#shared/slug.ts";
import { call } from "../helpers";

const ORIGIN = "https://loupe.test";
const EVIL_ID = 987_654_321;

interface Row {
  id: number;
  carat: number;
  color: number;
  clarity: number;
  cut: number;
  shape: number;
  is_lab_grown: number;
  price_cents: number;
  is_sold: number;
  retailer: string;
}

async function diamond(where: string): Promise<Row & { path: string }> {
  const row = await env.DB.prepare(
    `SELECT d.id, carat, color, clarity, cut, shape, is_lab_grown, price_cents, is_sold, r.name AS retailer
     FROM diamonds d JOIN retailers r ON r.id = d.retailer_id WHERE ${where} ORDER BY d.id LIMIT 1`,
  ).first<Row>();
  if (!row) throw new Error(`no diamond where ${where}`);
  return { ...row, path: `/diamond/${row.id}/${diamondSlug({ ...row, isLabGrown: row.is_lab_grown === 1 })}` };
}

/** The page's meta tags by property or name. */
function metaTags(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf("</head>"));
  return new Map([...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&#38;/g, "&")]));
}

/** The parsed JSON-LD blocks of the page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

type Offer = { price: string; priceCurrency: string; availability: string; url: string; seller: { name: string } };

afterAll(async () => {
  await env.DB.prepare("DELETE FROM diamonds WHERE id = ?").bind(EVIL_ID).run();
});

describe("a diamond page's head", () => {
  it("is a product card with the page's price in a JSON-LD Product and its breadcrumb trail", async () => {
    const d = await diamond("d.is_sold = 0");
    const res = await call(d.path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const shown = `$${Math.ceil(d.price_cents / 100).toLocaleString("en-US")}`;
    expect(html).toContain(`<strong>${shown}</strong>`);

    const tags = metaTags(html);
    expect(tags.get("og:type")).toBe("product");
    expect(tags.get("og:title")).toContain(shown);
    expect(tags.get("og:url")).toBe(ORIGIN + d.path);
    // The stone's picture is an SVG illustration, which social networks do not show: the Loupe card stands in.
    expect(tags.get("og:image")).toBe(`${ORIGIN}/social-card.png`);
    expect(tags.get("twitter:card")).toBe("summary_large_image");
    expect(tags.get("twitter:image")).toBe(tags.get("og:image"));

    const blocks = jsonLd(html);
    const product = blocks.find((b) => b["@type"] === "Product")!;
    expect(product).toBeDefined();
    const offer = product.offers as Offer;
    expect(Number(offer.price)).toBe(Math.ceil(d.price_cents / 100));
    expect(offer.priceCurrency).toBe("USD");
    expect(offer.availability).toBe("https://schema.org/InStock");
    expect(offer.url).toBe(ORIGIN + d.path);
    expect(offer.seller.name).toBe(d.retailer);
    expect(product.image).toMatch(new RegExp(`^${ORIGIN}/.+\\.svg$`));

    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList")!;
    const items = crumbs.itemListElement as { position: number; item: string }[];
    expect(items.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(items[0]!.item).toBe(`${ORIGIN}/`);
    expect(items[2]!.item).toBe(ORIGIN + d.path);
  });

  it("marks a sold diamond's offer sold out", async () => {
    const d = await diamond("d.is_sold = 1");
    const html = await (await call(d.path)).text();
    const product = jsonLd(html).find((b) => b["@type"] === "Product")!;
    expect((product.offers as Offer).availability).toBe("https://schema.org/SoldOut");
  });

  it("keeps a </script> inside the data from closing the script element", async () => {
    const from = await diamond("d.is_sold = 0");
    await env.DB.prepare(
      `INSERT INTO diamonds (id, retailer_id, certificate_lab, certificate_id, is_lab_grown, shape, carat, cut, color, clarity, polish, symmetry, fluorescence,
         depth_pct, table_pct, length_mm, width_mm, depth_mm, lw_ratio, eye_clean, shipping_days, price_cents, is_sold, image_url, sorting_order, updated_at)
       SELECT ?1, retailer_id, certificate_lab, ?2, is_lab_grown, shape, carat, cut, color, clarity, polish, symmetry, fluorescence,
         depth_pct, table_pct, length_mm, width_mm, depth_mm, lw_ratio, eye_clean, shipping_days, price_cents, is_sold, image_url, sorting_order, updated_at
       FROM diamonds WHERE id = ?3`,
    )
      .bind(EVIL_ID, "X</script><script>alert(1)</script>", from.id)
      .run();
    const d = await diamond(`d.id = ${EVIL_ID}`);
    const html = await (await call(d.path)).text();
    expect(html).not.toContain("<script>alert(1)");
    const product = jsonLd(html).find((b) => b["@type"] === "Product")!;
    // The text survives intact for a parser: only its "<" is written as \u003c.
    expect(product.description).toContain("X</script><script>alert(1)</script>");
  });
});

describe("a setting page's head", () => {
  it("is a product card with its metal's price and a breadcrumb through its listing", async () => {
    const row = await env.DB.prepare("SELECT id FROM settings WHERE item_type = 1 ORDER BY id LIMIT 1").first<{ id: number }>();
    const redirect = await call(`/setting/${row!.id}`);
    expect(redirect.status).toBe(302);
    const res = await call(redirect.headers.get("location")!);
    expect(res.status).toBe(200);
    const html = await res.text();
    const tags = metaTags(html);
    expect(tags.get("og:type")).toBe("product");
    const product = jsonLd(html).find((b) => b["@type"] === "Product")!;
    const price = Number((product.offers as Offer).price);
    expect(tags.get("og:title")).toContain(`$${price.toLocaleString("en-US")}`);
    expect(html).toContain(`$${price.toLocaleString("en-US")}`);
    const crumbs = jsonLd(html).find((b) => b["@type"] === "BreadcrumbList")!;
    expect((crumbs.itemListElement as { name: string; item: string }[])[1]).toEqual(
      expect.objectContaining({ name: "Engagement rings", item: `${ORIGIN}/setting-search` }),
    );
  });
});

describe("the default share card", () => {
  it("is a 1200 × 630 PNG at /social-card.png", async () => {
    // A static asset: served before the worker, from build/client (client/static), as the ASSETS binding serves it.
    const res = await env.ASSETS.fetch(`${ORIGIN}/social-card.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const png = new DataView(await res.arrayBuffer());
    // The IHDR chunk: width and height at bytes 16 and 20.
    expect([png.getUint32(16), png.getUint32(20)]).toEqual([1200, 630]);
  });
});
