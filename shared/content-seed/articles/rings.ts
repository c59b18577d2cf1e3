/**
 * Seed articles for jewelry / rings: ring sizing, engagement ring settings and matching wedding bands.
 */
import type { ArticleSeed } from "./types";

/** Ring guides (jewelry / rings). */
export const RINGS: readonly ArticleSeed[] = [
  {
    slug: "ring-size-guide",
    title: "How to find your ring size (and keep it a surprise)",
    description:
      "Measure a ring size at home, understand US sizes in millimeters, allow for wide bands and knuckles, and know when a ring can be resized later.",
    category: "jewelry",
    subcategory: "rings",
    author: "hannah-lindqvist",
    published: "2025-03-31",
    legacy: ["/blog/ring-size-guide", "/blog/how-to-find-ring-size", "/blog/ring-size-chart", "/education/diamond-ring-size"],
    body: `## Why size matters

A ring that is too tight is uncomfortable and hard to remove; one that is too loose spins, slips or, worse, falls off. Getting the size right first time also avoids resizing, which costs time and, for some designs, is not possible at all.

## How US ring sizes work

In the United States, ring sizes run in whole and quarter steps, commonly from about 3 to 13. Each whole size adds roughly 0.8 mm to the inside diameter. As an indication:

| US size | Inside diameter (approx.) |
|---|---|
| 4 | 14.9 mm |
| 5 | 15.7 mm |
| 6 | 16.5 mm |
| 7 | 17.3 mm |
| 8 | 18.2 mm |
| 9 | 19.0 mm |
| 10 | 19.8 mm |

Other countries use different systems (letters in the UK, circumference in much of Europe), so make sure you are reading a US chart.

## Measuring at home

### With a ring that already fits

The most reliable home method is to measure a ring that fits the intended finger. Place it on a ruler and measure the **inside diameter** in millimeters, edge to edge across the widest point, then match it to the chart. Use a ring worn on the same finger of the same hand, as hands are often slightly different in size.

### With string or paper

Wrap a thin strip of paper around the base of the finger, mark where it overlaps, and measure the length: that is the circumference. Divide by 3.14 to get the diameter. This method is easy to get wrong, because paper stretches and it is hard to judge how snug is right. Treat the result as a starting point and, if you can, confirm it with a jeweler's ring sizer.

### At a jeweler

A jeweler's set of sizing rings is the most accurate option and takes a few minutes. Try sizes in the width of band you plan to buy.

## Tips for an accurate size

- **Measure at the end of the day**, when fingers are at their largest, and at a normal room temperature. Cold shrinks fingers; heat and exercise swell them.
- **Wide bands fit tighter.** For bands around 6 mm or wider, many people need a quarter to half size larger.
- **Knuckles count.** If your knuckle is much larger than the base of your finger, choose a size that passes over the knuckle, and ask about sizing beads or a comfort-fit band.
- **Between sizes?** Choose the larger for wide bands and the smaller for thin ones, or ask for a quarter size.

## Keeping it a surprise

Borrow a ring they wear on the ring finger for an evening and measure it, or press it into a bar of soap to record the inside outline. Friends and family often know. If all else fails, buy a slightly larger size: sizing down is usually simpler than sizing up.

## Can a ring be resized later?

Most plain gold and platinum bands and solitaires can be resized by about one or two sizes. Some designs are harder or impossible to resize well:

- **Eternity bands** with stones all the way round.
- **Tension settings** and some intricate pavé work.
- **Alternative metals** such as tungsten, ceramic and titanium, which generally cannot be resized; see [palladium and alternative metals](/jewelry/metals/palladium-and-alternative-metals).

Resizing policies and costs differ between the retailers listed on Loupe, so check the listing before you buy. When you build a ring on [setting search](/setting-search), you choose the ring size in the cart, and the [FAQ](/faq) answers common questions about sizing.`,
  },
  {
    slug: "engagement-ring-settings",
    title: "Engagement ring settings: solitaire, halo, pavé and more",
    description:
      "Solitaire, halo, hidden halo, pavé and three-stone settings compared: how each looks, protects the diamond, wears day to day and affects the cost.",
    category: "jewelry",
    subcategory: "rings",
    author: "hannah-lindqvist",
    published: "2025-08-25",
    legacy: ["/blog/engagement-ring-settings", "/blog/types-of-ring-settings", "/blog/halo-vs-solitaire"],
    body: `## What a setting does

The setting, or mounting, is everything in a ring except the center diamond: the band, the head that holds the stone and any smaller accent diamonds. It shapes how the diamond looks, how well it is protected and how the ring wears every day. On Loupe you can choose a setting on [setting search](/setting-search) and pair it with a diamond from [diamond search](/diamond-search).

## The main styles

### Solitaire

A single diamond on a plain band, usually held by four or six prongs. It puts all the attention on the center stone and lets the most light into it. Solitaires are timeless, easy to pair with a [wedding band](/jewelry/rings/matching-wedding-bands) and usually the least expensive mountings. Four prongs show more of the diamond; six hold it more securely and round the outline.

### Halo

A ring of small diamonds surrounds the center stone. A halo adds sparkle and makes the center diamond look larger, which is why it is popular with smaller stones and with shapes such as [cushion](/education/diamond-shapes/cushion-cut-diamond-guide). The small stones need occasional checking, and a halo can make a straight wedding band sit with a gap.

### Hidden halo

A row of small diamonds set around the base of the head, below the center stone, visible mainly from the side. It adds a flash of sparkle and a detail for the wearer without changing the face-up look of a solitaire.

### Pavé

Small diamonds set close together along the band, held by tiny beads of metal, so the band looks paved with sparkle. Pavé can run halfway round or further. It adds brilliance but needs more care: very fine pavé bands are harder to resize, and the small stones should be checked now and then.

### Three-stone

A center diamond flanked by two smaller ones, often given the meaning of past, present and future. Side stones may be rounds, pears, trapezoids or baguettes. A three-stone ring can look substantial without a very large center stone.

## How styles compare

| Style | Center stone looks | Upkeep | Relative cost of the mounting |
|---|---|---|---|
| Solitaire | True to size | Low | Lower |
| Hidden halo | True to size, sparkle from the side | Low to medium | Medium |
| Halo | Larger | Medium | Medium to higher |
| Pavé band | True to size, brighter band | Medium | Medium |
| Three-stone | Part of a larger whole | Low to medium | Medium to higher |

Costs are indicative only: they depend on metal, the number and quality of accent diamonds, and the retailer.

## Prongs, bezels and height

- **Prongs** hold the stone with small metal claws. They let in light; check them once or twice a year.
- **Bezels** wrap the stone's edge in metal. They protect well, suit active lives, and show a little less of the diamond.
- **Setting height** matters: a high setting shows off the stone but catches more easily on clothing; a low setting is practical for everyday wear.

## Metal

Platinum and gold are the classic choices, and the metal affects how a diamond's color reads; see our guide to [platinum and gold](/jewelry/metals/platinum-and-gold).

## Choosing

Think about daily life (hands-on work, sports), the shape and size of the diamond, and whether the ring needs to sit flush with a wedding band. Our [shape guides](/education/diamond-shapes) suggest settings for each shape, and the [FAQ](/faq) covers building a ring on Loupe.`,
  },
  {
    slug: "matching-wedding-bands",
    title: "Wedding bands that match your engagement ring",
    description:
      "Straight, curved, notched and eternity bands: how to choose a wedding band that sits well beside your engagement ring, in a metal that wears alike.",
    category: "jewelry",
    subcategory: "rings",
    author: "hannah-lindqvist",
    published: "2026-04-20",
    legacy: ["/blog/matching-wedding-bands", "/blog/how-to-choose-a-wedding-band", "/blog/wedding-ring-sets"],
    body: `## Why the pairing matters

An engagement ring and a wedding band are usually worn together for decades, so they should sit comfortably side by side and wear at the same rate. A band that looks lovely on its own can leave an awkward gap, rub against prongs or wear down a softer metal beside it. A few checks before buying avoid that.

## Will it sit flush?

The first question is whether the band can sit directly against the engagement ring without a gap. That depends on the setting:

- **Low solitaires and bezels** often leave room for a straight band to sit flush.
- **Halos, large heads and low-set side stones** may meet the band before the two rings touch, leaving a gap.
- **Cathedral settings**, where the metal rises up to the head, often let a straight band slide underneath.

If you want the two rings to touch, look for settings described as compatible with a straight band, or choose one of the shaped bands below.

## Band styles

### Straight bands

A plain or diamond band of even width. Straight bands are the most versatile choice and the easiest to size. They suit solitaires, [emerald](/education/diamond-shapes/emerald-cut-diamond-guide) and [radiant](/education/diamond-shapes/radiant-cut-diamond-guide) cuts, and any setting that leaves room.

### Curved and contour bands

Bands with a gentle curve or a V shape that follows the outline of the center stone or halo, so the two rings sit together without a gap. Many work beautifully with [pear](/education/diamond-shapes/pear-shaped-diamond-guide) and [marquise](/education/diamond-shapes/marquise-cut-diamond-guide) diamonds.

### Notched bands

A band with a small cut-out that fits around the engagement ring's head. It gives a flush fit with minimal change in shape.

### Eternity and half-eternity bands

Diamonds set all the way, or halfway, round the band. They add sparkle and pair well with simple solitaires. Full eternity bands are difficult or impossible to resize, so get the size right first; our [ring size guide](/jewelry/rings/ring-size-guide) helps.

### Matching bands

Some settings are designed with a band made to fit them exactly. Settings on Loupe may show a matching band where the retailer offers one.

## Match the metals

Choose the same metal, and ideally the same alloy, for both rings. Rings worn together rub against each other, and a harder metal can slowly wear a softer one. Platinum beside platinum, or 14k gold beside 14k gold, wears evenly. Color matters too: white gold is usually rhodium plated, which looks slightly different from platinum, especially as the plating wears. Read more in our guide to [platinum and gold](/jewelry/metals/platinum-and-gold).

## Width and proportion

A band of similar width to the engagement ring's shank usually looks balanced. A much wider band can dominate a delicate solitaire, while a very thin one beside a bold ring may look lost. Try widths side by side in photographs or at a jeweler.

## Bands for partners

Not everyone wants a matching pair. Many partners choose something different: a wider band, a different finish, or one of the [alternative metals](/jewelry/metals/palladium-and-alternative-metals) such as titanium or tungsten. Browse women's bands on [wedding rings](/wedding-rings) and men's bands on [men's wedding bands](/mens-wedding-bands).

## A quick checklist

1. Does the band sit flush, or is a small gap acceptable to you?
2. Is it the same metal and karat as the engagement ring?
3. Is the width balanced with the engagement ring's band?
4. Can it be resized if needed?
5. What are the retailer's return and resizing terms?`,
  },
];
