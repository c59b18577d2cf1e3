/**
 * The demo settings and their metal variants (generate.ts), from the styles and draws of setting-styles.ts.
 */
import { SHAPES, labelOf } from "../enums";
import { SETTING_METALS } from "../settings/pages";
import { rng, seedOf } from "./random";
import type { SettingRow, SettingVariantRow } from "./rows";
import {
  ALL_SHAPES_MASK,
  MIN_RING_SETTING_USD,
  type Priced,
  RING_DESCRIPTORS,
  RING_PREFIXES,
  RING_STYLES,
  SHAPE_NAMES,
  type SettingImageSlug,
  drawPrice,
  drawUnique,
  maskOf,
  pickAlternativeMetals,
  pickMetals,
  pickTwoTones,
  shapeBit,
  shuffledRanks,
  variantRow,
} from "./setting-styles";
import { RETAILER_SPECS } from "./generate-retailers";
import { round1, round2 } from "./generate";

/**
 * The demo settings (ids 1..300) and their metal variants (id = setting id × 1000 + metal, grouped by setting in
 * metal order): 180 engagement ring settings (1-180), 40 wedding bands (181-220), 20 preset engagement rings
 * (221-240), 20 earrings (241-260: 8 stud settings for a pair of loose diamonds, then 12 preset earrings),
 * 20 pendants and necklaces (261-280) and 20 bracelets (281-300). Every setting comes in some of metals 1-7;
 * about a quarter of the engagement ring settings and women's bands also in 14K two-tone, and the men's bands
 * also in alternative metals, both drawn from their own stream after everything else.
 */
export function generateSettings(): { settings: SettingRow[]; variants: SettingVariantRow[] } {
  const r = rng(seedOf("settings", 0));
  const settings: SettingRow[] = [];
  /** Each setting's variants, and what its extra variants are made from (image slug, 14K price, metals 1-7). */
  const variantsOf = new Map<number, SettingVariantRow[]>();
  const made = new Map<number, { slug: SettingImageSlug; priced: Priced; metals: readonly number[] }>();
  const used = new Set<string>();
  const retailerIds = RETAILER_SPECS.map((_, i) => i + 1);

  const add = (
    row: Omit<SettingRow, "id" | "retailer_id" | "sorting_order">,
    slug: SettingImageSlug,
    priced: Priced,
    metals: readonly number[] = pickMetals(r),
  ): SettingRow => {
    const setting: SettingRow = {
      id: settings.length + 1,
      name: row.name,
      item_type: row.item_type,
      item_type_name: row.item_type_name,
      style: row.style,
      retailer_id: r.pick(retailerIds),
      description: row.description,
      keywords: row.keywords,
      shapes_mask: row.shapes_mask,
      side_stones_weight: row.side_stones_weight,
      width_mm: row.width_mm,
      shipping_days: row.shipping_days,
      matching_band_id: row.matching_band_id,
      gender: row.gender,
      is_eternity: row.is_eternity,
      sorting_order: 0,
    };
    settings.push(setting);
    variantsOf.set(
      setting.id,
      metals.map((metal) => variantRow(setting, slug, metal, priced, r)),
    );
    made.set(setting.id, { slug, priced, metals });
    return setting;
  };

  // Engagement ring settings, 1-180. Bands get ids 181-220; about a third of rings reference one of the women's.
  const RING_COUNT = 180;
  const BAND_FIRST_ID = RING_COUNT + 1;
  const WOMENS_BANDS = 24;
  for (let i = 0; i < RING_COUNT; i++) {
    const style = i === 0 ? RING_STYLES[0]! : r.weighted(RING_STYLES.map((s) => [s, s.weight] as const));
    const { name, descriptor, words } = drawUnique(used, () => {
      const [descriptor, words] = r.pick(RING_DESCRIPTORS);
      return { name: `${r.pick(RING_PREFIXES)} ${descriptor} ${style.noun}`, descriptor, words };
    });
    const [lo, hi] = style.sideStones;
    add(
      {
        name,
        item_type: 1,
        item_type_name: "Setting",
        style: style.mask,
        description: `A ${descriptor.toLowerCase()} ${style.noun.toLowerCase()} engagement ring setting.`,
        keywords: [...words, ...style.noun.toLowerCase().split(" ")].join(","),
        shapes_mask: style.shapes,
        side_stones_weight: round2(lo + (hi - lo) * r.next()),
        width_mm: round1(r.range(1.6, 2.8)),
        shipping_days: r.int(5, 21),
        matching_band_id: r.chance(0.35) ? BAND_FIRST_ID + r.int(0, WOMENS_BANDS - 1) : null,
        gender: "women",
        is_eternity: 0,
      },
      style.slug,
      // The first setting is the cheapest: a plain solitaire at exactly the floor price, always in 14K.
      i === 0 ? { base: MIN_RING_SETTING_USD, discount: null } : drawPrice(r, [style.price[0] + 40, style.price[1]], MIN_RING_SETTING_USD),
      i === 0 ? [...SETTING_METALS] : undefined,
    );
  }

  // Wedding bands: 24 women's (8 eternity), then 16 men's.
  const womensBands = [
    "Pavé",
    "Milgrain",
    "Channel-Set",
    "Curved Contour",
    "Shared-Prong",
    "Knife-Edge",
    "Comfort-Fit",
    "French Pavé",
    "Scalloped",
    "Twisted",
    "Bezel-Set",
    "Marquise Station",
  ];
  const mensBands = ["Comfort-Fit", "Brushed Flat", "Beveled Edge", "Hammered", "Satin Dome", "Grooved", "Knife-Edge", "Stepped Edge"];
  for (let i = 0; i < 40; i++) {
    const women = i < WOMENS_BANDS;
    const eternity = women && i % 3 === 2;
    const { name, kind, width } = drawUnique(used, () => {
      const kind = r.pick(women ? womensBands : mensBands);
      const width = women ? round1(r.range(1.5, 3)) : r.pick([4, 5, 6, 7, 8]);
      const name = women ? `${r.pick(RING_PREFIXES)} ${kind} ${eternity ? "Eternity Ring" : "Wedding Band"}` : `${kind} ${width}mm Men's Band`;
      return { name, kind, width };
    });
    const diamonds = women && kind !== "Comfort-Fit" && kind !== "Twisted";
    add(
      {
        name,
        item_type: 0,
        item_type_name: "WeddingBands",
        style: 0,
        description: women ? `A ${kind.toLowerCase()} band for her.` : `A ${width}mm ${kind.toLowerCase()} band for him.`,
        keywords: [kind.toLowerCase(), eternity ? "eternity" : "band"].join(","),
        shapes_mask: ALL_SHAPES_MASK,
        side_stones_weight: eternity ? round2(r.range(0.75, 3)) : diamonds ? round2(r.range(0.1, 0.5)) : 0,
        width_mm: width,
        shipping_days: r.int(5, 18),
        matching_band_id: null,
        gender: women ? "women" : "men",
        is_eternity: eternity ? 1 : 0,
      },
      eternity ? "eternity-band" : !women ? "mens-band" : diamonds ? "pave-band" : "band",
      drawPrice(r, eternity ? [1400, 6000] : diamonds ? [600, 2400] : women ? [300, 900] : [450, 1800]),
    );
  }

  // Preset engagement rings: a setting with its centre stone.
  for (let i = 0; i < 20; i++) {
    const { name, shape, shapeName, style, carat } = drawUnique(used, () => {
      const [shape, shapeName] = r.pick(SHAPE_NAMES);
      const style = r.pick([RING_STYLES[0]!, RING_STYLES[1]!, RING_STYLES[3]!]);
      const carat = r.pick([0.5, 0.75, 1, 1.5, 2]);
      const name = `${r.pick(RING_PREFIXES)} ${shapeName} ${style.noun} Engagement Ring, ${carat} ct`;
      return { name, shape, shapeName, style, carat };
    });
    add(
      {
        name,
        item_type: 5,
        item_type_name: "PresetEngagementRing",
        style: style.mask,
        description: `A ready-to-ship ${style.noun.toLowerCase()} ring set with a ${carat} ct ${shapeName.toLowerCase()} diamond.`,
        keywords: ["preset", shapeName.toLowerCase(), ...style.noun.toLowerCase().split(" ")].join(","),
        shapes_mask: shapeBit(shape),
        side_stones_weight: style.mask === 1 ? 0 : round2(r.range(0.1, 0.4)),
        width_mm: round1(r.range(1.7, 2.5)),
        shipping_days: r.int(3, 10),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      style.slug,
      drawPrice(r, [1500 * carat + 600, 4200 * carat + 1200]),
    );
  }

  // Earrings, 241-260. First 8 stud settings (item type name "Stud"): mountings without stones for a pair of loose
  // diamonds the shopper chooses (found by POST /api/studsettings). Then 12 preset earrings with their stones:
  // studs (style 32), halo studs (2) and drops (128).
  const studSettings: readonly {
    noun: string;
    style: number;
    slug: SettingImageSlug;
    shapes: readonly number[];
    price: readonly [number, number];
    words: readonly string[];
    detail: string;
  }[] = [
    {
      noun: "Four-Prong Basket Stud Earring Settings",
      style: 32,
      slug: "stud-setting",
      shapes: [1, 2, 6, 8, 9, 10],
      price: [340, 900],
      words: ["four-prong", "basket"],
      detail: "Four prongs on an open basket let the light in",
    },
    {
      noun: "Martini Stud Earring Settings",
      style: 32,
      slug: "stud-setting",
      shapes: [1, 2, 7, 10],
      price: [380, 950],
      words: ["martini", "three-prong"],
      detail: "Three prongs on a tapered martini cup sit the stones close to the ear",
    },
    {
      noun: "Bezel Stud Earring Settings",
      style: 32,
      slug: "stud-setting",
      shapes: [1, 4, 5, 6, 9, 10],
      price: [420, 1000],
      words: ["bezel"],
      detail: "A smooth metal rim wraps each stone",
    },
    {
      noun: "Halo Stud Earring Settings",
      style: 2,
      slug: "halo-stud-setting",
      shapes: [1, 2, 4, 5, 6, 10],
      price: [640, 1200],
      words: ["halo"],
      detail: "A halo of small diamonds frames each stone",
    },
  ];
  const STUD_SETTINGS = 8;
  const shapeList = (shapes: readonly number[]): string => {
    const names = shapes.map((code) => labelOf(SHAPES, code).toLowerCase());
    return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]!}`;
  };
  for (let i = 0; i < STUD_SETTINGS; i++) {
    const design = studSettings[i % studSettings.length]!;
    const { name } = drawUnique(used, () => ({ name: `${r.pick(RING_PREFIXES)} ${design.noun}` }));
    add(
      {
        name,
        item_type: 4,
        item_type_name: "Stud",
        style: design.style,
        description: `${design.noun} for a pair of diamonds you choose (${shapeList(design.shapes)}). ${design.detail}.`,
        keywords: ["earrings", "stud", "settings", ...design.words].join(","),
        shapes_mask: maskOf(design.shapes),
        side_stones_weight: design.style === 2 ? round2(r.range(0.1, 0.3)) : 0,
        width_mm: 0,
        shipping_days: r.int(3, 10),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      design.slug,
      drawPrice(r, design.price, MIN_RING_SETTING_USD),
    );
  }
  const earrings: readonly (readonly [number, string, SettingImageSlug])[] = [
    [32, "Diamond Stud Earrings", "stud"],
    [2, "Halo Stud Earrings", "halo-stud"],
    [128, "Diamond Drop Earrings", "drop-earrings"],
    [32, "Bezel Stud Earrings", "stud"],
  ];
  for (let i = 0; i < 20 - STUD_SETTINGS; i++) {
    const [style, noun, slug] = earrings[i % earrings.length]!;
    const { name, shape, shapeName, total } = drawUnique(used, () => {
      const [shape, shapeName] = r.pick(SHAPE_NAMES.filter(([s]) => [1, 2, 5, 6, 10].includes(s)));
      const total = r.pick([0.25, 0.5, 0.75, 1, 1.5, 2]);
      return { name: `${shapeName} ${noun}, ${total} ct tw`, shape, shapeName, total };
    });
    add(
      {
        name,
        item_type: 4,
        item_type_name: "PresetEarrings",
        style,
        description: `${noun} set with two ${shapeName.toLowerCase()} diamonds, ${total} carats total.`,
        keywords: ["earrings", "preset", shapeName.toLowerCase(), slug.replace("-", " ")].join(","),
        shapes_mask: shapeBit(shape),
        side_stones_weight: style === 2 ? round2(r.range(0.1, 0.3)) : 0,
        width_mm: 0,
        shipping_days: r.int(3, 10),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      slug,
      drawPrice(r, [600 + 2000 * total, 900 + 4200 * total]),
    );
  }

  // Pendants and necklaces, 261-280: "Pendant" settings for a diamond the shopper chooses (pendant styles
  // 1 solitaire, 2 halo, 4 side stone) and "Necklace" presets with their diamonds.
  const pendants: readonly (readonly [string, number, string, SettingImageSlug])[] = [
    ["Pendant", 1, "Solitaire Pendant", "solitaire-pendant"],
    ["Pendant", 2, "Halo Pendant", "halo-pendant"],
    ["Pendant", 4, "Side-Stone Pendant", "side-stone-pendant"],
    ["Necklace", 1, "Bezel Necklace", "necklace"],
    ["Necklace", 4, "Station Necklace", "necklace"],
  ];
  for (let i = 0; i < 20; i++) {
    const [typeName, style, noun, slug] = pendants[i % pendants.length]!;
    const { name } = drawUnique(used, () => ({ name: `${r.pick(RING_PREFIXES)} ${noun}` }));
    add(
      {
        name,
        item_type: 2,
        item_type_name: typeName,
        style,
        description:
          typeName === "Pendant"
            ? `A ${noun.toLowerCase()} setting for a diamond you choose, on an adjustable 16-18 inch chain.`
            : `A ${noun.toLowerCase()} set with diamonds, on an adjustable 16-18 inch chain.`,
        keywords: [typeName.toLowerCase(), ...noun.toLowerCase().split(" ")].join(","),
        shapes_mask: ALL_SHAPES_MASK,
        side_stones_weight: style === 1 ? 0 : round2(r.range(0.05, 0.5)),
        width_mm: 0,
        shipping_days: r.int(3, 12),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      slug,
      drawPrice(r, [350, 3800]),
    );
  }

  // Bracelets.
  const bracelets = ["Tennis Bracelet", "Station Bracelet", "Bangle", "Bezel Line Bracelet", "Open Cuff"];
  for (let i = 0; i < 20; i++) {
    const noun = bracelets[i % bracelets.length]!;
    const { name, total } = drawUnique(used, () => {
      const total = r.pick([0.5, 1, 2, 3, 5]);
      return { name: `${r.pick(RING_PREFIXES)} ${noun}, ${total} ct tw`, total };
    });
    add(
      {
        name,
        item_type: 2,
        item_type_name: "Bracelet",
        style: 0,
        description: `A ${noun.toLowerCase()} set with ${total} carats of diamonds.`,
        keywords: ["bracelet", ...noun.toLowerCase().split(" ")].join(","),
        shapes_mask: ALL_SHAPES_MASK,
        side_stones_weight: total,
        width_mm: round1(r.range(2, 5)),
        shipping_days: r.int(5, 14),
        matching_band_id: null,
        gender: "women",
        is_eternity: 0,
      },
      "bracelet",
      drawPrice(r, [700 + 1200 * total, 1200 + 2600 * total]),
    );
  }

  // Sorting order: a popularity rank within each item type name.
  const byType = new Map<string, SettingRow[]>();
  for (const s of settings) byType.set(s.item_type_name, [...(byType.get(s.item_type_name) ?? []), s]);
  for (const group of byType.values()) {
    const ranks = shuffledRanks(r, group.length);
    group.forEach((s, i) => (s.sorting_order = ranks[i]!));
  }

  // Two-tone and alternative metals: their own stream, so every draw above (and every row it made) stays as it was.
  const m = rng(seedOf("settings-metals", 0));
  const variants: SettingVariantRow[] = [];
  for (const s of settings) {
    const { slug, priced, metals } = made.get(s.id)!;
    let extra: number[] = [];
    if (s.item_type === 1 || (s.item_type === 0 && s.gender === "women")) {
      if (m.chance(0.28)) extra = pickTwoTones(m, metals);
    } else if (s.item_type === 0) {
      extra = pickAlternativeMetals(m);
    }
    variants.push(...variantsOf.get(s.id)!, ...extra.map((metal) => variantRow(s, slug, metal, priced, m)));
  }
  return { settings, variants };
}
