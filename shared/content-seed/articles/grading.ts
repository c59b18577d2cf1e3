/**
 * Seed articles on grading beyond the 4Cs: fluorescence, lab-grown versus natural, and the grading laboratories.
 */
import type { ArticleSeed } from "./types";

/** Fluorescence (diamond-4cs), lab-grown vs natural (lab-grown) and certificates (certificates), all under education. */
export const GRADING: readonly ArticleSeed[] = [
  {
    slug: "diamond-fluorescence-guide",
    title: "Diamond fluorescence: when a glow under UV matters",
    description:
      "What fluorescence is, how laboratories grade it from None to Very Strong, and when it helps, hurts or makes no visible difference to a diamond.",
    category: "education",
    subcategory: "diamond-4cs",
    author: "daniel-reyes",
    published: "2025-04-08",
    legacy: ["/education/diamond-fluorescence", "/blog/what-is-diamond-fluorescence"],
    body: `## What fluorescence is

Some diamonds glow when exposed to ultraviolet light, the kind found in a black light and, in smaller amounts, in daylight. This glow is called fluorescence. In diamonds it is most often blue, caused by traces of nitrogen arranged in particular ways in the crystal; less often it is yellow, white or another color. Once the UV source is removed the glow stops.

Fluorescence is not one of the four Cs, but grading reports record it because it can affect how a diamond looks and, sometimes, what it sells for.

## How it is graded

GIA describes the strength of fluorescence on a five-step scale, and most other laboratories use similar words:

| Grade | What it means |
|---|---|
| None | No visible reaction to long-wave UV |
| Faint | A weak reaction |
| Medium | A clear reaction |
| Strong | A pronounced reaction |
| Very Strong | An intense reaction |

When the color is not blue, the report names it, for example "Medium Yellow". The grade describes the reaction under a standard UV lamp, not how the stone will look at your dinner table.

## Does it change the way a diamond looks?

In most everyday lighting, most people cannot see any effect of faint or medium fluorescence at all. Research published by GIA in the 1990s, in which observers compared diamonds with different fluorescence, found that for the great majority of stones the average observer saw no difference in transparency, and that strong blue fluorescence was sometimes seen as improving the face-up appearance of diamonds with a slight yellow tint.

There is an exception worth knowing. A small share of diamonds with strong or very strong fluorescence can look slightly hazy or milky, especially in bright sunlight. This is uncommon, and it is a property of the individual stone, not of the grade; a video or an honest description from the retailer is the best check.

## Fluorescence and price

Because the haze effect exists, many buyers avoid strong fluorescence in high color grades (D to F), and retailers often price such stones lower. In the near-colorless and faint ranges (around H to K), blue fluorescence can make a diamond look whiter, so the discount may be smaller or absent. Any difference you see on [diamond search](/diamond-search) reflects the retailers' current listings, not a fixed rule.

## A simple way to decide

1. **None to Medium**: do not worry about it; choose on cut, color and clarity.
2. **Strong or Very Strong in D to G**: ask for a video in daylight or a gemologist's opinion on transparency.
3. **Strong blue in H to K**: can be a sensible value if the stone looks clear.

## Lab-grown diamonds

Laboratory-grown diamonds can fluoresce too, sometimes in colors or patterns that differ from natural stones; laboratories use this among many other clues when identifying a diamond's origin. It rarely matters to how a lab-grown stone looks in normal light. Read more in [lab-grown versus natural](/education/lab-grown/lab-grown-vs-natural-diamonds).

Fluorescence is one filter among many on Loupe. If you want to see how it interacts with [color](/education/diamond-4cs/diamond-color-guide), compare stones of the same color with different fluorescence grades side by side.`,
  },
  {
    slug: "lab-grown-vs-natural-diamonds",
    title: "Lab-grown or natural: what is the same and what is not",
    description:
      "Lab-grown diamonds are real diamonds made above ground. How they are grown, how to tell them apart, what they cost and how to decide which suits you.",
    category: "education",
    subcategory: "lab-grown",
    author: "daniel-reyes",
    published: "2025-05-06",
    legacy: ["/blog/what-is-a-lab-grown-diamond", "/blog/lab-grown-vs-natural-diamonds", "/education/diamond-lab-grown", "/blog/are-lab-diamonds-real"],
    body: `## The same material

A laboratory-grown diamond is a diamond: crystallized carbon with the same chemical composition, crystal structure, hardness and optical properties as a diamond mined from the earth. It is not a simulant such as cubic zirconia or moissanite, which are different materials that only look similar. In the United States, the Federal Trade Commission's jewelry guides treat lab-grown stones as diamonds, provided the seller clearly discloses that they were laboratory-grown, laboratory-created or made by a named manufacturer.

## How they are grown

Two methods are used today:

- **HPHT (high pressure, high temperature)** recreates the conditions deep in the earth: carbon is dissolved in a metal solvent and crystallizes on a small diamond seed under enormous pressure and heat.
- **CVD (chemical vapor deposition)** grows diamond layer by layer from a carbon-rich gas in a low-pressure chamber, on thin diamond seed plates.

Either method can produce excellent stones. Some lab-grown diamonds are treated after growth to improve their color, and a proper grading report discloses that.

## Can you tell them apart?

Not by eye, and not with a loupe. Laboratories identify origin with spectroscopy and imaging that reveal growth patterns, trace elements and fluorescence reactions that differ between natural and lab-grown stones. That is why a report matters: reputable laboratories state the origin clearly, and most lab-grown stones are laser-inscribed on the girdle to say so.

## Grading

Lab-grown diamonds are graded on cut, color, clarity and carat just as natural ones are, and IGI, GIA and others issue reports for them. Report formats for lab-grown stones have changed over the years at some laboratories, so read what your report states and compare like with like. Our guide to [certificates](/education/certificates/diamond-certificates-explained) explains what each laboratory includes.

## Price

For the same size and grades, a lab-grown diamond usually costs a fraction of a natural one, and lab-grown prices have fallen considerably as production has grown. Natural diamond prices move too, but historically more slowly. We do not publish predictions: any comparison you see on Loupe is the retailers' current listed prices, which change.

Two consequences follow:

1. The same budget buys a larger or higher-graded lab-grown stone.
2. Resale value for lab-grown diamonds is generally low, and resale for natural diamonds is usually well below the retail price too. Buy a diamond because you want to wear it, not as an investment.

## How to choose

| If you care most about | Consider |
|---|---|
| Size and grades for the budget | Lab-grown |
| Rarity and a stone formed over geological time | Natural |
| A traceable origin | Either, with documentation; ask the retailer |
| Long-term value | Neither is a reliable investment |

Both are durable enough for everyday wear, and both can be set in any [setting](/jewelry/rings/engagement-ring-settings).

## Shopping on Loupe

Every listing on Loupe is marked natural or lab-grown, and you can search either or both on [diamond search](/diamond-search). Our [lab-grown diamonds page](/lab-grown-diamonds) gathers lab-grown stones from the retailers we list. Whichever you choose, check the report, the return policy and the retailer's description before you buy; our [online buying checklist](/blog/buying-guides/buying-a-diamond-online) walks through it.`,
  },
  {
    slug: "diamond-certificates-explained",
    title: "Diamond certificates: GIA, AGS, IGI, HRD and GCAL compared",
    description:
      "What a diamond grading report tells you, how the major laboratories differ and how to check that a report really belongs to the stone you are buying.",
    category: "education",
    subcategory: "certificates",
    author: "maya-okafor",
    published: "2025-06-10",
    legacy: ["/education/diamond-certificates", "/blog/gia-vs-igi-certificates", "/blog/diamond-grading-reports", "/education/diamond-certification"],
    body: `## What a report is

A diamond grading report, often called a certificate, is an independent laboratory's description of one stone at the time it was graded. It records the shape and measurements, the carat weight, the color and clarity grades, and for round brilliants a cut grade, along with polish, symmetry, fluorescence and, usually, a plot of the inclusions. It is not an appraisal and does not state a value.

A report matters for two reasons: it lets you compare stones from different retailers on the same terms, and it confirms whether the diamond is natural or laboratory-grown and whether it has been treated.

## The laboratories you will see on Loupe

### GIA

The Gemological Institute of America is a nonprofit institute that developed the 4Cs system and the D-to-Z color scale now used around the world. GIA reports are widely regarded as the reference for natural diamonds. They give a cut grade (Excellent to Poor) for standard round brilliants only; fancy shapes receive polish and symmetry grades. Many GIA-graded diamonds carry a laser inscription of the report number on the girdle.

### AGS

The American Gem Society's laboratory was known for its cut grading on a 0 to 10 scale, with 0 called Ideal, and for light-performance analysis. AGS Laboratories closed at the end of 2022 and its laboratory work was merged into GIA, which offers a supplementary AGS Ideal light-performance report. Many diamonds still on the market carry AGS reports, and they remain valid descriptions of those stones.

### IGI

The International Gemological Institute, founded in Antwerp, grades a very large share of laboratory-grown diamonds and many natural ones. IGI reports use the familiar color and clarity scales and give cut grades for rounds. Many lab-grown stones you will find on Loupe have IGI reports.

### HRD

HRD Antwerp is the grading laboratory associated with the Belgian diamond trade. Its reports follow the international conventions for color and clarity, with some European terminology; for example, a stone without inclusions under 10x may be described as loupe-clean.

### GCAL

The Gem Certification and Assurance Lab in New York combines grading with light-performance images and has long backed its reports with a written guarantee of its grades. Read the current terms of that guarantee on the report itself.

## Does the laboratory matter?

Yes. Laboratories can differ in how strictly they apply the same grade words, so an "H" from one may not look the same as an "H" from another. We suggest comparing stones graded by the same laboratory where you can, and reading the measurements and plot, not only the headline grades.

## How to check a report

1. **Look it up**: GIA, IGI and others offer online report checks by number. The details should match the listing exactly.
2. **Match the inscription**: ask the retailer for a photo or video showing the girdle inscription, and check it against the report number.
3. **Compare the measurements**: the millimeter dimensions and weight should match the stone you receive.
4. **Check the origin and treatments**: the report states natural or lab-grown, and any treatment.

## On Loupe

Every listing shows the grading laboratory, and you can filter by laboratory on [diamond search](/diamond-search). Where a retailer provides the report number, we show it so you can check it yourself. If a listing has no report, treat its grades as the retailer's own opinion. For everything else to check before buying, read our [online buying checklist](/blog/buying-guides/buying-a-diamond-online) and the [FAQ](/faq).`,
  },
];
