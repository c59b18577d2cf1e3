import type { Diamond } from "#shared/schemas.ts";

/** The fields of a diamond the ring builder's pages keep in their data (setting and complete-ring pages). */
export function builderDiamond(d: Diamond) {
  return {
    id: d.id,
    shape: d.shape,
    carat: d.carat,
    color: d.color,
    clarity: d.clarity,
    cut: d.cut,
    isLabGrown: d.isLabGrown,
    price: d.price,
    isSold: d.isSold,
    imagesUrl: d.imagesUrl,
    retailerId: d.retailer.id,
    pairedDiamond: d.pairedDiamond,
  };
}
