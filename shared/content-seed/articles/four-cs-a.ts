/**
 * Seed articles, the 4Cs (part one): cut and color.
 */
import type { ArticleSeed } from "./types";

/** Cut and color guides (education / diamond-4cs). */
export const FOUR_CS_A: readonly ArticleSeed[] = [
  {
    slug: "diamond-cut-guide",
    title: "Diamond cut: the C that makes a diamond sparkle",
    description: "What a cut grade measures, why it matters more than any other C, and how to read proportions on a certificate before you buy a diamond.",
    category: "education",
    subcategory: "diamond-4cs",
    author: "maya-okafor",
    published: "2025-01-14",
    legacy: ["/education/diamond-cut", "/blog/diamond-cut-chart", "/education/diamond-anatomy"],
    body: `## What cut measures

Of the four Cs, cut is the only one decided entirely by people. Color, clarity and carat weight come mostly from the rough crystal; cut is how well the cutter turned that crystal into something that handles light. A well-cut diamond takes the light that enters through the top, bounces it off the pavilion facets underneath and sends it back out toward your eye. A poorly cut one lets part of that light escape through the bottom or sides, and the stone looks darker or glassy.

When gemologists talk about how a diamond looks, they usually describe three effects:

- **Brightness**: the white light returned to the viewer.
- **Fire**: the flashes of spectral color as white light is split by the facets.
- **Scintillation**: the pattern of light and dark sparkle that moves as the diamond, the light or you move.

## Cut grades

For a standard round brilliant, GIA gives an overall cut grade on a five-step scale: **Excellent, Very Good, Good, Fair and Poor**. The grade combines the diamond's proportions with its finish (polish and symmetry). AGS reports use a 0 to 10 scale where 0 is called Ideal; AGS Laboratories closed at the end of 2022, but you will still find stones with AGS Ideal reports listed.

For fancy shapes such as oval, cushion or emerald, GIA does not give an overall cut grade. You get polish and symmetry grades, and the measurements, and you judge the rest by eye, by the proportions and by the length-to-width ratio. Our [shape guides](/education/diamond-shapes) cover what to look for in each one.

## The proportions that matter

A cut grade is a summary. If you want to understand why two Excellent stones look different, look at the proportions printed on the report:

| Measurement | What it tells you |
|---|---|
| Table % | The width of the top facet relative to the diameter |
| Depth % | Total height relative to the diameter |
| Crown angle | The slope of the upper facets, which affects fire |
| Pavilion angle | The slope of the lower facets, which affects brightness |
| Girdle | The thickness of the rim, from very thin to very thick |
| Culet | The tip at the bottom; "none" is most common today |

There is no single perfect set of numbers. Many well-performing rounds have a depth of roughly 59 to 63 percent and a table of roughly 53 to 58 percent, but crown and pavilion angles work together, and a stone outside those ranges can still look lovely. Treat ranges as a starting filter, not a rule.

### Depth and spread

A diamond that is too deep carries weight below the girdle where you cannot see it, so it looks smaller than its carat weight suggests. A diamond that is too shallow looks large for its weight but may leak light and show a dull ring in the middle, sometimes called a fish-eye. The face-up diameter, printed in millimeters, is often a better guide to visible size than carat weight alone.

## How much to spend on cut

For a round brilliant, we suggest putting cut first. An Excellent cut can make a diamond with a slightly lower color or clarity look better than a higher-graded stone with mediocre cut. A practical order of priorities for most buyers is:

1. Cut grade Excellent (or Ideal) for rounds, or strong polish and symmetry for fancy shapes.
2. A color and clarity that look clean and white to your eye, not on paper.
3. The carat weight your budget allows after the first two.

On [diamond search](/diamond-search) you can filter by cut grade, polish, symmetry, depth and table together, and compare the same grades across the retailers we list. If two stones look identical on paper but differ in price, the proportions are the first place to look for the reason.

## Questions to ask a retailer

- Is there a light-performance image (such as an ideal-scope or ASET image) for this stone?
- Is the video taken under normal lighting, not only under spotlights?
- Does the certificate number match the laser inscription on the girdle?

For the other three Cs, continue with [diamond color](/education/diamond-4cs/diamond-color-guide), [clarity](/education/diamond-4cs/diamond-clarity-guide) and [carat weight](/education/diamond-4cs/diamond-carat-weight-guide).`,
  },
  {
    slug: "diamond-color-guide",
    title: "Diamond color: reading the D-to-Z scale",
    description:
      "How gemologists grade diamond color from D to Z, where the visible differences begin and how to choose a color grade that suits your setting.",
    category: "education",
    subcategory: "diamond-4cs",
    author: "maya-okafor",
    published: "2025-02-03",
    legacy: ["/education/diamond-color", "/blog/diamond-color-chart"],
    body: `## What color grade means

In a white diamond, color really means the absence of color. Most diamonds contain traces of nitrogen that give them a faint yellow or brown tint, and the color grade records how much of that tint a trained grader can see. The scale used by GIA, and by most laboratories since, runs from **D** (colorless) to **Z** (light yellow or brown). Diamonds with more color than Z are graded as fancy colors on a different system.

The letters start at D rather than A on purpose: when the scale was introduced, earlier systems used A, AA and AAA so loosely that a fresh start made sense.

## The groups on the scale

| Grades | Description | What you usually see |
|---|---|---|
| D, E, F | Colorless | No visible color, even side by side with experience |
| G, H, I, J | Near colorless | Looks white face-up in most settings |
| K, L, M | Faint | A warm tint many people can notice |
| N to R | Very light | Visible yellow or brown |
| S to Z | Light | Clearly tinted |

Color is graded face-down, against a white background and under controlled light, by comparing the stone with master stones. That is a much harsher view than the one you get when the diamond is set and face-up. Face-up, cut and size affect how much color you perceive.

## Where the visible differences start

The step from one grade to the next is small. Many people cannot tell a D from an F without a side-by-side comparison, and a well-cut G or H diamond looks white to most eyes when set. Because prices rise with each grade, near-colorless stones are often the best value.

Some factors change where your own line falls:

- **Size**: color is easier to see in larger diamonds, so you may want a grade higher above about 2 carats.
- **Shape**: step cuts such as [emerald](/education/diamond-shapes/emerald-cut-diamond-guide) and [asscher](/education/diamond-shapes/asscher-cut-diamond-guide), and elongated shapes such as [oval](/education/diamond-shapes/oval-cut-diamond-guide) and [pear](/education/diamond-shapes/pear-shaped-diamond-guide), tend to show color more, often at the tips or in the long facets.
- **Metal**: yellow and rose gold warm the diamond's reflections, so a slightly warmer color grade can look natural in them. White gold and platinum make a tint easier to notice.
- **Fluorescence**: strong blue fluorescence can make a faintly yellow diamond look whiter in daylight. See [our fluorescence guide](/education/diamond-4cs/diamond-fluorescence-guide).

## Choosing a color grade

There is no wrong answer here, only a trade-off. As a rough guide:

1. For a round brilliant in white metal, G to I is a common sweet spot.
2. For step cuts and large stones, consider one grade higher.
3. For yellow or rose gold settings, J or K can look perfectly at home.

If you can, look at a video of the stone next to a white surface, not against a black background that hides color.

## Lab-grown diamonds and color

Laboratory-grown diamonds are graded for color as well. Many are grown with very little nitrogen, and some are treated after growth to improve their color, which a report should disclose. Grading practice for lab-grown stones has changed over time at some laboratories, so read what the report in front of you actually states. Our [lab-grown guide](/education/lab-grown/lab-grown-vs-natural-diamonds) explains more.

## Searching by color on Loupe

On [diamond search](/diamond-search) you can set a color range and see the same grade from several retailers. Prices shown are the retailers' current prices, refreshed from their feeds, so two stones with identical grades may still differ: compare the certificates and the videos before deciding. Continue with [clarity](/education/diamond-4cs/diamond-clarity-guide) or go back to [cut](/education/diamond-4cs/diamond-cut-guide).`,
  },
];
