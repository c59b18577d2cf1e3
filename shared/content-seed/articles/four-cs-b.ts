/**
 * Seed articles, the 4Cs (part two): clarity, carat weight and fluorescence.
 */
import type { ArticleSeed } from "./types";

/** Clarity, carat and fluorescence guides (education / diamond-4cs). */
export const FOUR_CS_B: readonly ArticleSeed[] = [
  {
    slug: "diamond-clarity-guide",
    title: "Diamond clarity: from Flawless to I3",
    description: "The eleven GIA clarity grades, the inclusions behind them and how to find an eye-clean diamond without paying for clarity nobody will see.",
    category: "education",
    subcategory: "diamond-4cs",
    author: "daniel-reyes",
    published: "2025-02-24",
    legacy: ["/education/diamond-clarity", "/blog/diamond-clarity-chart", "/blog/what-is-an-eye-clean-diamond"],
    body: `## What clarity grades

Almost every diamond, natural or lab-grown, contains tiny features from its growth: crystals of other minerals, feathers (small fractures), clouds of pinpoints, or growth lines. Features inside the stone are called **inclusions**; features on the surface are called **blemishes**. The clarity grade records how visible they are under 10x magnification, judged by their size, number, position, nature and color.

## The eleven grades

| Grade | Name | At 10x magnification |
|---|---|---|
| FL | Flawless | No inclusions or blemishes |
| IF | Internally Flawless | No inclusions, only minor blemishes |
| VVS1, VVS2 | Very, Very Slightly Included | Inclusions very difficult to see |
| VS1, VS2 | Very Slightly Included | Minor inclusions, difficult to somewhat easy to see |
| SI1, SI2 | Slightly Included | Noticeable inclusions |
| I1, I2, I3 | Included | Obvious inclusions that may affect transparency and brilliance |

Flawless diamonds are rare and priced accordingly. Most diamonds sold for engagement rings fall between VVS2 and SI2.

## Eye-clean: the idea that matters

A diamond is called **eye-clean** when you cannot see its inclusions without magnification at a normal viewing distance. Many VS2 and a good share of SI1 diamonds are eye-clean; some SI2 stones are too. Above VS1 you are paying for rarity rather than for anything visible.

Eye-clean is not a grade on the certificate, and two SI1 stones can look quite different. Look at:

- **Where the inclusion sits**: under the table it is easy to see; near the girdle it may be hidden by a prong.
- **What it is**: a dark crystal is more visible than a white pinpoint. A feather that reaches the surface may be a durability concern.
- **The plot**: the certificate maps the inclusions on a diagram. The key to symbols lists them in order of importance.

## Clarity and shape

Brilliant shapes such as [round](/education/diamond-shapes/round-brilliant-diamond-guide), [oval](/education/diamond-shapes/oval-cut-diamond-guide) and [radiant](/education/diamond-shapes/radiant-cut-diamond-guide) break light into many small reflections that help hide inclusions. Step cuts such as [emerald](/education/diamond-shapes/emerald-cut-diamond-guide) and [asscher](/education/diamond-shapes/asscher-cut-diamond-guide) have large open facets that act like windows, so we usually suggest a VS2 or better for them.

## Treatments to know about

Some diamonds are clarity enhanced: a laser drill hole to reach a dark inclusion, or a glass-like filling in a fracture. Laboratories such as GIA note laser drilling on the report and generally will not grade fracture-filled stones. A retailer should always disclose a treatment. If a price looks unusually low for the grades, ask directly.

## How to choose

1. Decide on cut and shape first.
2. For brilliant shapes under about 1.5 carats, start your search at SI1 and VS2 and look at the videos.
3. For step cuts or larger stones, start at VS2 or VS1.
4. Ask the retailer whether a specific stone is eye-clean; a gemologist can check it for you.

On [diamond search](/diamond-search) you can filter by clarity and open each stone's certificate. Prices are the retailers' current listings, so comparing a VS2 and an SI1 of the same size shows you what a grade step costs today. See also [cut](/education/diamond-4cs/diamond-cut-guide), [color](/education/diamond-4cs/diamond-color-guide) and [carat weight](/education/diamond-4cs/diamond-carat-weight-guide).`,
  },
  {
    slug: "diamond-carat-weight-guide",
    title: "Carat weight: size, price and the numbers in between",
    description:
      "Carat measures weight, not size. How weight relates to the diameter you see, why prices jump at round numbers and how to buy a little under them.",
    category: "education",
    subcategory: "diamond-4cs",
    author: "samuel-achebe",
    published: "2025-03-17",
    legacy: ["/education/diamond-carat", "/blog/diamond-carat-weight", "/blog/diamond-size-chart"],
    body: `## Carat is a weight

One carat is 0.2 grams, or 200 milligrams. Carats are divided into 100 points, so a 0.75 carat diamond is often described as a "75 pointer". Diamonds are weighed on precise electronic scales and certificates record the weight to two decimal places.

The word goes back to the carob seed, once used as a counterweight by traders. The metric carat used everywhere today was standardized in the early twentieth century.

## Weight is not size

What you see is the diameter and outline of the face-up stone, not its weight. Two diamonds of the same weight can look different in size:

- A shallow stone spreads its weight across a wider face; a deep one hides weight below the girdle.
- Elongated shapes such as [oval](/education/diamond-shapes/oval-cut-diamond-guide), [marquise](/education/diamond-shapes/marquise-cut-diamond-guide) and [pear](/education/diamond-shapes/pear-shaped-diamond-guide) tend to look larger per carat than a round.
- Step cuts such as [asscher](/education/diamond-shapes/asscher-cut-diamond-guide) often look smaller for their weight.

As an indication only, a well-cut round brilliant measures roughly:

| Carat | Approximate diameter |
|---|---|
| 0.50 ct | 5.1 mm |
| 0.75 ct | 5.8 mm |
| 1.00 ct | 6.4 mm |
| 1.50 ct | 7.3 mm |
| 2.00 ct | 8.1 mm |

These figures vary with the proportions of each stone, so always check the measurements on the certificate.

## Why price jumps at round numbers

Diamond prices rise faster than weight: a 2 carat stone usually costs far more than two 1 carat stones of the same quality, because large rough is rarer. Prices also tend to step up at popular weights such as 0.50, 0.70, 0.90, 1.00, 1.50 and 2.00 carats, since many buyers search for those numbers.

That creates an opportunity. A 0.95 carat diamond is visually almost impossible to tell from a 1.00 carat one (the difference in diameter is a fraction of a millimeter), yet it often costs noticeably less. On [diamond search](/diamond-search), try widening your carat range just below the round number and compare the prices the retailers list. Any saving you see is a snapshot of current listings, not a fixed rule.

## Balancing carat with the other Cs

Carat is the C most people notice first, but a larger stone with a weak cut will look less lively than a smaller, well-cut one. A balanced approach:

1. Set a budget, including the setting and any [ring sizing](/jewelry/rings/ring-size-guide) or engraving.
2. Fix the cut grade (see [our cut guide](/education/diamond-4cs/diamond-cut-guide)).
3. Choose [color](/education/diamond-4cs/diamond-color-guide) and [clarity](/education/diamond-4cs/diamond-clarity-guide) that look good to your eye.
4. Spend what remains on weight.

### Finger and setting matter too

The same diamond looks larger on a slender finger and in a thin band. A [halo setting](/jewelry/rings/engagement-ring-settings) can add visual size, and so can an elongated shape. If size is the priority, look at millimeter measurements and the outline, not the carat number alone.

## Total carat weight

For rings with several stones, listings may show "ctw" or total carat weight: the combined weight of every diamond in the piece. A three-stone ring of 1.00 ctw might have a 0.50 carat center and two 0.25 carat sides, which looks very different from a single 1 carat solitaire. Check how the weight is split.`,
  },
];
