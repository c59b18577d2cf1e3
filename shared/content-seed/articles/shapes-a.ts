/**
 * Seed articles, diamond shapes (part one): round, princess, marquise, emerald and pear.
 */
import type { ArticleSeed } from "./types";

/** Shape guides 1 to 5 of the spec's enumeration (education / diamond-shapes). */
export const SHAPES_A: readonly ArticleSeed[] = [
  {
    slug: "round-brilliant-diamond-guide",
    title: "Round brilliant diamonds: the classic, explained",
    description:
      "Why the round brilliant is the most popular diamond shape, how its 57 or 58 facets work and which cut grades and proportions to look for when buying.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "maya-okafor",
    published: "2025-03-03",
    legacy: ["/blog/round-cut-diamonds", "/blog/round-brilliant-diamonds", "/education/diamond-round"],
    body: `## The shape most people picture

When someone says "diamond", most people picture a round brilliant. It is the most popular shape for engagement rings by a wide margin, and it is the shape the diamond trade has studied most closely. Loupe lists ten shapes, from round to cushion; this guide is the first in our series, and the [shapes overview](/education/diamond-shapes) lists them all.

## How it is cut

A modern round brilliant has 57 facets, or 58 when the tiny facet at the bottom, the culet, is counted. The facets are arranged to return as much light as possible to the viewer: the crown (top) gathers and disperses light, and the pavilion (bottom) reflects it back up. Over the last century cutters refined these proportions for brightness and fire, which is why a well-cut round is hard to beat for sparkle.

That optimization comes at a price. A round brilliant keeps a smaller share of the rough crystal than many fancy shapes do, so a round usually costs more per carat than an oval or cushion of similar grades.

## What to look for

### Cut grade first

The round brilliant is the only shape for which GIA gives an overall cut grade. Aim for **Excellent** (or AGS Ideal). It is the single most important factor in how lively a round looks; see our [cut guide](/education/diamond-4cs/diamond-cut-guide) for the proportions behind the grade.

### Proportions as a cross-check

As a starting point rather than a rule, many well-performing rounds have:

| Measurement | Common range |
|---|---|
| Table | about 53% to 58% |
| Depth | about 59% to 62.5% |
| Crown angle | about 34° to 35.5° |
| Pavilion angle | about 40.6° to 41° |
| Polish and symmetry | Excellent or Very Good |

### Color and clarity

Because the round is so good at breaking up light, it hides small inclusions and a trace of color better than most shapes. An SI1 or VS2 that is eye-clean, and a color in the G to I range, often look excellent in a round. Read more in our guides to [color](/education/diamond-4cs/diamond-color-guide) and [clarity](/education/diamond-4cs/diamond-clarity-guide).

## Settings that suit a round

A round works in almost every setting: a four- or six-prong solitaire, a halo, pavé bands, three-stone designs and bezels. Four prongs show more of the diamond; six prongs hold it more securely and make the outline look rounder. Browse mountings on [setting search](/setting-search) and read about the options in our [settings guide](/jewelry/rings/engagement-ring-settings).

## Size on the hand

A 1 carat round brilliant measures roughly 6.4 mm across when well cut. Because its weight is evenly distributed, it can look a little smaller than an elongated shape of the same weight. If face-up size matters, compare the millimeter diameter on each certificate rather than the carat weight alone.

## Comparing rounds on Loupe

Rounds are the most listed shape on Loupe, so you can often find near-identical stones from several retailers. On [diamond search](/diamond-search), fix the cut grade, color and clarity, then sort by price: the differences you see usually come from the proportions, fluorescence, the laboratory or simply the retailer's pricing. When you find the one, a price lock holds the cart total for 72 hours while you decide.`,
  },
  {
    slug: "princess-cut-diamond-guide",
    title: "Princess cut diamonds: square, sharp and bright",
    description:
      "The princess cut is the most popular square diamond. How it sparkles, how to protect its pointed corners and what to check on the certificate.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "hannah-lindqvist",
    published: "2025-04-21",
    legacy: ["/blog/princess-cut-diamonds", "/education/diamond-princess"],
    body: `## A brilliant in a square

The princess cut is a square (sometimes slightly rectangular) diamond with sharp, pointed corners and brilliant-style faceting. Looking down through the table you see an X-shaped pattern of reflections and a lot of small, crisp sparkle. It is the most popular square shape and, after the round, one of the most common engagement ring choices.

Because its outline follows the shape of much diamond rough, the princess tends to keep more of the crystal than a round does, which usually makes it less expensive per carat for similar grades.

## What to look for

### Shape and ratio

Most buyers want a princess that looks square. A length-to-width ratio between 1.00 and 1.05 reads as square to the eye; above that the stone begins to look rectangular. The ratio is easy to work out from the measurements on the certificate.

### Cut quality without a cut grade

GIA does not give an overall cut grade for princess cuts, so judge them by polish and symmetry (Excellent or Very Good), the depth and table percentages, and above all by images and video. A well-cut princess shows even brightness across the face; a poorly cut one may show dark areas or a large dead patch in the middle.

As a starting point, many attractive princess cuts have a depth of around 64% to 75% and a table of around 67% to 75%, but this shape varies widely between cutters, so let the video decide.

### Color and clarity

The brilliant faceting of a princess hides inclusions well, so an eye-clean SI1 or VS2 is a sensible target. Color can gather slightly in the corners; a grade of H or better keeps a princess looking white in platinum or white gold. In yellow or rose gold, a warmer grade works well.

## Protecting the corners

The four sharp corners are the princess cut's weak point: a knock on a corner can chip it. Look for:

- **V-prongs or corner prongs** that cover each point.
- **No naturals or feathers near the corners** in the inclusion plot.
- **A girdle that is not extremely thin** at the corners.

A bezel or half-bezel setting also protects the corners, at the cost of showing a little less of the stone. See our [settings guide](/jewelry/rings/engagement-ring-settings) for more.

## Size on the hand

Measured along one side, a princess can look compact next to a round of the same weight, because it carries more of its weight in its depth. Its diagonal, though, is about 1.4 times its side, and the corners catch the eye. Compare the side measurements on the certificate with a round's diameter to see the difference in face-up size.

## Pairing it

A princess sits well in a channel-set band, beside baguette side stones or with a square halo. It also pairs neatly with straight wedding bands that sit flush against the setting; our guide to [matching wedding bands](/jewelry/rings/matching-wedding-bands) explains the fit.

## Finding one on Loupe

Choose princess on [diamond search](/diamond-search) and filter by ratio, depth and table as well as the usual grades. Stones from different retailers can look very different at the same grades, so open the videos, and ask the retailer about the corners before you buy.`,
  },
  {
    slug: "marquise-cut-diamond-guide",
    title: "Marquise diamonds: a long shape that looks large",
    description:
      "The marquise is a boat-shaped brilliant that makes the most of its carat weight. What a good ratio looks like, the bow-tie effect and protecting the points.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "hannah-lindqvist",
    published: "2025-06-30",
    legacy: ["/blog/marquise-cut-diamonds", "/education/diamond-marquise"],
    body: `## A shape with a history

The marquise (also called navette, French for "little boat") is an elongated brilliant with two curved sides meeting in points at each end. Stories link it to the French court of the eighteenth century; whatever the truth of those stories, it has gone in and out of fashion ever since, and its long, slim outline is back in demand for engagement rings.

## Why people choose it

The marquise has one of the largest face-up areas for its weight of any shape. Its length makes a stone look bigger than a round of the same carat weight, and it makes fingers look longer and slimmer. It can be set north-south (the usual orientation), east-west across the finger, or tilted for a less traditional look.

## What to look for

### Length-to-width ratio

Ratio is a matter of taste, but a marquise between about 1.75 and 2.25 is the classic range. Below that it looks short and wide; above it, long and narrow. Pick the outline you like from photographs, then filter for that ratio on [diamond search](/diamond-search).

### Symmetry

The two halves should mirror each other: points that line up along the same axis, and curved sides (the "wings") of equal fullness. A marquise with uneven wings or misaligned points looks lopsided, and this shows on the finger. Very Good or Excellent symmetry on the certificate helps, but check the photographs too.

### The bow-tie effect

Many elongated brilliants show a dark band across the middle, shaped like a bow tie, where light leaks out rather than returning to the eye. Almost every marquise has some; what matters is whether it is faint or strong. You cannot read it on a certificate, so look at a video from above, in normal lighting.

### Color and clarity

Color tends to show at the points of an elongated stone, so many buyers choose a grade or two higher than they would for a round. The faceting hides inclusions reasonably well, although an inclusion near a point can weaken it. An eye-clean SI1 or VS2 is a sensible starting point; see our [clarity guide](/education/diamond-4cs/diamond-clarity-guide).

## Protecting the points

The two points are the vulnerable part of a marquise. A setting with **V-prongs** at each end protects them from chips. Check the inclusion plot for feathers near the tips, and avoid a very thin girdle at the points.

## Settings

Marquise diamonds look striking as solitaires, with a halo that softens the outline, or flanked by smaller stones in a three-stone ring. Vintage-inspired settings with milgrain suit the shape's history. Browse mountings on [setting search](/setting-search) and compare the styles in our [settings guide](/jewelry/rings/engagement-ring-settings).

## On Loupe

Marquise diamonds are less common than rounds or ovals, so the selection from any single retailer can be small. Loupe brings listings from many independent retailers together, which helps with a rarer shape: you can compare ratios, videos and prices side by side, then lock a price for 72 hours while you decide.`,
  },
  {
    slug: "emerald-cut-diamond-guide",
    title: "Emerald cut diamonds: clarity on display",
    description:
      "The emerald cut trades sparkle for long, mirror-like flashes. Why clarity and color matter more in this step cut, and the ratios buyers like best.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "maya-okafor",
    published: "2025-08-11",
    legacy: ["/blog/emerald-cut-diamonds", "/education/diamond-emerald"],
    body: `## A step cut

Most diamond shapes are brilliants, faceted to break light into many small sparkles. The emerald cut is a **step cut**: a rectangle with cut corners, faceted in long parallel rows that run like stairs down the crown and pavilion. Instead of sparkle you see broad flashes of light and dark, often called a hall-of-mirrors effect. The name comes from the cut's use for emeralds, where the cut corners reduce the risk of chipping.

## Why people choose it

The emerald cut looks calm, architectural and unmistakable. Its open table shows the diamond's clarity and crystal like a window, which many people love. It also has cut corners that make it more durable than a shape with sharp points.

## What to look for

### Clarity matters more

Those large open facets make inclusions easier to see than in a brilliant. For most emerald cuts we suggest **VS2 or better**, and even then check the video: an inclusion under the table is more visible than one near the edge. Some SI1 stones are clean enough; the only way to tell is to look. See our [clarity guide](/education/diamond-4cs/diamond-clarity-guide).

### Color shows more too

Step cuts show body color more than brilliants, so consider one grade higher than you would for a round. In white metal, G or H is a common choice; in yellow gold, a warmer grade can look deliberate and lovely. Our [color guide](/education/diamond-4cs/diamond-color-guide) explains the scale.

### Ratio

Classic emerald cuts have a length-to-width ratio of about 1.30 to 1.50. Lower ratios look squarer (an almost square emerald cut is close to an [asscher](/education/diamond-shapes/asscher-cut-diamond-guide)), while higher ratios look long and slender. Choose by photograph, then filter by ratio on [diamond search](/diamond-search).

### Even steps

Look for evenly spaced, parallel steps and a balanced pattern of light and dark when the stone moves. Polish and symmetry of Very Good or Excellent help. A stone that looks dark or "watery" in the middle may be cut too shallow or too deep; many attractive emerald cuts have depth and table percentages somewhere in the 60s, but the video tells you more than the numbers.

## Size on the hand

Emerald cuts are relatively shallow for their outline, so they look generous face-up, though less so than an oval of the same weight. Their long facets also look larger because they catch big blocks of light rather than tiny sparkles.

## Settings

The emerald cut is made for clean, simple settings: a four-prong solitaire, a thin pavé band, a [hidden halo](/jewelry/rings/engagement-ring-settings) or a three-stone ring with tapered baguettes or trapezoid side stones. Its straight edges pair neatly with a straight [wedding band](/jewelry/rings/matching-wedding-bands).

## On Loupe

Because clarity and cutting quality vary so much in step cuts, it pays to look at several stones before choosing. On Loupe you can compare emerald cuts from many independent retailers, open each certificate and video, and check with the retailer whether a specific stone is eye-clean before you lock a price or check out.`,
  },
  {
    slug: "pear-shaped-diamond-guide",
    title: "Pear-shaped diamonds: a teardrop with sparkle",
    description:
      "A pear shape combines a round end and a point. How to judge its outline, ratio and bow-tie, and the prong that keeps the point safe for years.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "hannah-lindqvist",
    published: "2025-09-15",
    legacy: ["/blog/pear-shaped-diamonds", "/education/diamond-pear"],
    body: `## A round meets a marquise

A pear-shaped diamond, sometimes called a teardrop, has one rounded end and one pointed end. It is a brilliant cut, so it sparkles much like a round, but its elongated outline makes it look larger for its weight and flatters the finger. Worn with the point toward the fingertip it reads as traditional; some people prefer it pointing the other way, and both are fine.

## What to look for

### Outline and shoulders

The pear is a shape of curves, and the outline matters more than any single grade. Look for:

- A **rounded end** that is a smooth semicircle, not flattened or squared.
- **Shoulders** (the upper curves) that are full without being bulky, and even on both sides.
- **Wings** (the lower curves toward the point) that are gently rounded, neither straight nor bulging.
- A point that lines up with the center of the rounded end.

Photographs show these far better than a certificate does.

### Ratio

Pear shapes are commonly cut with a length-to-width ratio of about 1.45 to 1.75. A lower ratio gives a fuller, wider teardrop; a higher one a slender drop that looks lovely in pendants and on long fingers. Filter by ratio on [diamond search](/diamond-search) once you know which look you like.

### The bow-tie

Like other elongated brilliants, a pear shows a darker band across its middle, the bow-tie. Nearly every pear has one; a faint bow-tie is fine, a dark one draws the eye. You can only judge this from a video or in person, so ask for one taken in ordinary light.

### Color and clarity

Color can collect toward the point, so many buyers choose one grade higher than for a round. The brilliant faceting hides inclusions well, but avoid feathers near the point, where they can weaken the diamond. An eye-clean VS2 or SI1 is a sensible starting point; read our [clarity guide](/education/diamond-4cs/diamond-clarity-guide).

## Protecting the point

The tip is the most vulnerable part of a pear. A **V-prong** at the point guards it against chips, and a bezel does the same with a cleaner look. Three or five prongs in total are common: one V-prong at the tip and two or four around the rounded end.

## Settings and pairings

Pears suit solitaires, halos that follow the teardrop outline, and three-stone rings with smaller pears or rounds at the sides. A curved or contour [wedding band](/jewelry/rings/matching-wedding-bands) can sit flush against a low-set pear. The shape also makes an elegant pendant; our [settings guide](/jewelry/rings/engagement-ring-settings) covers the ring options.

## On Loupe

Pear shapes vary greatly from cutter to cutter, so comparing many is the best way to find a good outline. Loupe lists pear diamonds from many independent retailers in one search. Shortlist the outlines you like, check each certificate, and use a 72-hour price lock if you need a little time before you buy.`,
  },
];
