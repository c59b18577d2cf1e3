/**
 * Seed articles for jewelry / metals: platinum and gold, palladium and the alternative metals.
 */
import type { ArticleSeed } from "./types";

/** Metal guides (jewelry / metals). */
export const METALS: readonly ArticleSeed[] = [
  {
    slug: "platinum-and-gold",
    title: "Platinum or gold: choosing the metal for your ring",
    description:
      "Platinum, 14k and 18k gold in white, yellow and rose compared: durability, color, upkeep and why rose gold costs the same as white or yellow gold.",
    category: "jewelry",
    subcategory: "metals",
    author: "hannah-lindqvist",
    published: "2025-07-07",
    legacy: ["/blog/platinum-vs-white-gold", "/blog/14k-vs-18k-gold", "/blog/rose-gold-engagement-rings", "/blog/yellow-gold-engagement-rings"],
    body: `## The classic choices

Most engagement rings and wedding bands are made in platinum or gold. On Loupe you will see platinum, 14k and 18k white gold, 14k and 18k yellow gold, and 14k and 18k rose gold, plus two-tone combinations of them. Each has its own look and way of wearing.

## Platinum

Platinum is a naturally white, very dense metal. Jewelry sold as platinum in the United States is usually 95% pure (often stamped PLAT or 950).

- **Looks**: a cool white that never needs plating.
- **Wear**: platinum is dense and tough. When it is scratched, the metal is mostly pushed aside rather than lost, so it develops a soft satin look called a patina. Some people love it; a jeweler can polish it back to a shine.
- **Comfort**: it is heavy on the hand, which many people like, and it is a good choice for sensitive skin.
- **Cost**: a platinum ring usually costs more than the same design in 14k gold, partly because platinum is much denser, so the ring contains more metal by weight.

## Gold and karats

Pure gold is 24 karat, but it is too soft for everyday rings, so it is alloyed with other metals:

| Karat | Gold content | Character |
|---|---|---|
| 18k | 75% | Richer color, softer, a little more expensive |
| 14k | about 58.3% | Harder, more scratch-resistant, less expensive |

14k gold is the most popular choice in the US for rings worn every day. 18k has a deeper color and is a good choice when you want more gold content, but it scratches and bends a little more easily.

## Three colors of gold

### Yellow gold

The traditional color: gold alloyed with silver and copper. It needs no plating, and its warmth suits diamonds with a slightly warmer color grade; see our [color guide](/education/diamond-4cs/diamond-color-guide).

### White gold

Gold alloyed with white metals such as palladium, silver or sometimes nickel, then usually plated with rhodium for a bright white finish. The plating wears over time, and the ring can start to look slightly warm; a jeweler can re-plate it. People with a nickel allergy should ask what the alloy contains.

### Rose gold

Gold alloyed with a larger share of copper, which gives its pink to reddish color. It is durable and needs no plating, and its color tends to deepen subtly over the years.

### Does rose gold cost more?

No. At the same karat, rose, white and yellow gold contain the same proportion of gold; only the other metals in the alloy differ. On Loupe, a setting's price in 14k rose gold is normally the same as in 14k white or yellow gold, and the same holds at 18k. Choose the color you love.

## How to decide

| If you want | Consider |
|---|---|
| No maintenance and a white look | Platinum |
| White at a lower cost | 14k white gold (plan for re-plating) |
| The classic warm look | 14k or 18k yellow gold |
| Something softer and romantic | Rose gold, at no extra cost |
| Sensitive skin | Platinum, or ask about the gold alloy |

If the engagement ring and wedding band will be worn together, choose the same metal and karat for both; our guide to [matching wedding bands](/jewelry/rings/matching-wedding-bands) explains why. For palladium, titanium, tungsten and the other metals on Loupe, read [palladium and alternative metals](/jewelry/metals/palladium-and-alternative-metals).

You can filter by metal on [setting search](/setting-search) and see each setting's price in every metal it is offered in. Prices shown are the retailers' current prices and move with metal markets, so treat any comparison as indicative.`,
  },
  {
    slug: "palladium-and-alternative-metals",
    title: "Palladium and alternative metals for rings and bands",
    description:
      "Palladium, cobalt, tantalum, titanium, tungsten, carbon fiber, ceramic and Damascus steel compared, with the trade-offs for sizing and daily wear.",
    category: "jewelry",
    subcategory: "metals",
    author: "hannah-lindqvist",
    published: "2026-05-18",
    legacy: ["/blog/alternative-metals-wedding-bands", "/blog/tungsten-vs-titanium", "/blog/palladium-rings"],
    body: `## Beyond platinum and gold

Platinum and gold are the traditional metals for rings, but many wedding bands, especially men's bands, are made in other materials. Loupe lists settings and bands in palladium, cobalt, tantalum, titanium, tungsten, carbon fiber, ceramic and Damascus steel, as well as platinum and gold. Each brings a different look, weight and set of trade-offs.

## Palladium

Palladium belongs to the same family of metals as platinum. It is naturally white, so it needs no plating, and it is much lighter than platinum, which makes wide bands more comfortable. Jewelry palladium is usually 95% pure. It is less commonly worked than platinum or gold, so check that the retailer can resize or repair it, and note that its price has moved sharply at times in recent years.

## The alternative metals

| Metal | Look | Weight | Scratch resistance | Resizable? |
|---|---|---|---|---|
| Cobalt | Bright white | Medium | High | Generally no |
| Tantalum | Dark gray to blue-gray | Heavy | Moderate | Sometimes, by a specialist |
| Titanium | Gray-white | Very light | Moderate | Generally no |
| Tungsten | Gray to polished white or black | Heavy | Very high | No |
| Carbon fiber | Black, woven texture | Very light | Moderate | No |
| Ceramic | Usually black or white, glossy | Light | Very high | No |
| Damascus steel | Unique wavy pattern | Medium | Moderate | Generally no |

These are general characteristics; individual alloys and finishes differ, so read each listing.

### Cobalt

Usually a cobalt-chrome alloy with a bright white color close to white gold or platinum. It is hard and resists scratches, and it is a good budget-conscious alternative for someone who likes the look of a white precious metal.

### Tantalum

A dense, dark gray metal with a subtle blue tint. It is heavy on the hand, resistant to corrosion and softer than tungsten, so it can be engraved and, in some cases, resized by a specialist.

### Titanium

Strong for its weight and very light, titanium suits people who dislike the feel of a ring. It is a common choice for sensitive skin. It can scratch, and most titanium bands cannot be resized.

### Tungsten

Usually tungsten carbide: one of the most scratch-resistant materials used for rings, with a satisfying weight. The trade-off is brittleness: a hard knock on a hard surface can crack it, and it cannot be resized. In an emergency a tungsten ring can be removed by cracking it with suitable tools rather than cutting it.

### Carbon fiber

A lightweight composite, often used as an inlay in another metal or as a band on its own, with a woven or textured look. It suits a modern, technical style.

### Ceramic

Very hard and scratch-resistant, with a glossy finish, often in black. Like tungsten it can crack if dropped on a hard floor, and it cannot be resized.

### Damascus steel

Layers of steel folded and forged together and then etched, giving a wavy pattern so that no two rings look exactly alike. Ask whether it is a stainless variety, because some Damascus steel needs care to avoid rust.

## Things to check before buying

1. **Size carefully.** Most alternative metals cannot be resized, so measure with care; our [ring size guide](/jewelry/rings/ring-size-guide) helps. Some retailers offer a size exchange instead; check the listing.
2. **Comfort fit.** Many alternative-metal bands have a rounded inner edge that slides over the knuckle more easily, which is helpful with heavier metals.
3. **Skin sensitivity.** If you react to some metals, ask the retailer what the alloy contains.
4. **Matching.** If the band will be worn beside an engagement ring in a precious metal, a very hard band can wear the softer ring; see [matching wedding bands](/jewelry/rings/matching-wedding-bands).

Browse bands in every metal on [men's wedding bands](/mens-wedding-bands) and [wedding rings](/wedding-rings). For platinum and gold, read [platinum or gold](/jewelry/metals/platinum-and-gold).`,
  },
];
