/**
 * The heads of the product pages (decision 025): title, description, canonical, Open Graph type "product",
 * the share image and the JSON-LD (a Product with its Offer, and the BreadcrumbList) for a diamond and for a
 * setting, band or jewellery item. The Offer's price is the price the page shows (whole USD, rounded up).
 */
import { CERTIFICATE_LABS, CLARITIES, COLORS, labelOf } from "#shared/enums.ts";
import { formatUsd, wholeUsd } from "#shared/money.ts";
import type { Diamond } from "#shared/schemas.ts";
import { diamondAvailability } from "#shared/availability.ts";
import { diamondPath } from "#shared/slug.ts";
import type { SettingDetail } from "#shared/settings/schemas.ts";
import type { PageMeta } from "../route-handle";
import { breadcrumbList, product } from "../structured-data";
import { diamondTitle } from "./diamond-text";

/** A share image social networks show (they skip SVG: the default Loupe card stands in for it). */
const shareable = (image: string | undefined) => (image && !/\.svg(\?|$)/i.test(image) ? { image } : {});

/** The head of a diamond's page. */
export function diamondMeta(d: Diamond): PageMeta {
  const name = `${diamondTitle(d)} ${labelOf(COLORS, d.color)} ${labelOf(CLARITIES, d.clarity)}`;
  const description = `${diamondTitle(d)}, ${labelOf(CERTIFICATE_LABS, d.certificateLab)} certificate ${d.certificateId}, sold by ${d.retailer.name}.`;
  const path = diamondPath(d);
  const image = d.images[0] ?? d.imagesUrl;
  const trail = [
    { name: "Home", path: "/" },
    { name: d.isLabGrown ? "Lab-grown diamonds" : "Diamonds", path: "/diamond-search" },
    { name, path },
  ];
  return {
    title: `${name} — ${formatUsd(d.price)} — Loupe`,
    description,
    canonical: path,
    type: "product",
    ...shareable(image),
    jsonLd: [
      product({
        name,
        description,
        path,
        image: image || undefined,
        price: wholeUsd(d.price),
        available: diamondAvailability(d) === "available",
        seller: d.retailer.name,
        sku: `${labelOf(CERTIFICATE_LABS, d.certificateLab)}-${d.certificateId}`,
      }),
      breadcrumbList(trail),
    ],
  };
}

/** Where an item's kind is listed (the middle step of its breadcrumb trail). */
function listingOf(s: Pick<SettingDetail, "itemTypeName">): { name: string; path: string } {
  switch (s.itemTypeName) {
    case "WeddingBands":
      return { name: "Wedding rings", path: "/wedding-rings" };
    case "Stud":
    case "PresetEarrings":
      return { name: "Earrings", path: "/earrings" };
    case "Necklace":
    case "Pendant":
      return { name: "Necklaces", path: "/jewelry-search/necklaces" };
    case "Bracelet":
      return { name: "Bracelets", path: "/jewelry-search/bracelets" };
    case "CarePlan":
      return { name: "Jewellery", path: "/jewelry-search" };
    default:
      return { name: "Engagement rings", path: "/setting-search" };
  }
}

/** The head of a setting's, band's or jewellery item's page (in its selected metal). */
export function settingMeta(s: SettingDetail): PageMeta {
  const v = s.selectedVariant;
  const name = `${s.name} in ${v.metalName}`;
  const image = s.images[0];
  return {
    title: `${name} — ${formatUsd(v.price)} — Loupe`,
    description: s.description,
    canonical: s.url,
    type: "product",
    ...shareable(image),
    jsonLd: [
      product({
        name,
        description: s.description,
        path: s.url,
        image,
        price: wholeUsd(v.price),
        available: !v.isSold,
        seller: s.retailer.name,
        sku: String(v.id),
      }),
      breadcrumbList([{ name: "Home", path: "/" }, listingOf(s), { name, path: s.url }]),
    ],
  };
}
