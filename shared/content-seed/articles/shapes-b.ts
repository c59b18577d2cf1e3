/**
 * Seed articles, diamond shapes (part two): oval, heart, radiant, asscher and cushion.
 */
import type { ArticleSeed } from "./types";

/** Shape guides 6 to 10 of the spec's enumeration (education / diamond-shapes). */
export const SHAPES_B: readonly ArticleSeed[] = [
  {
    slug: "oval-cut-diamond-guide",
    title: "Oval diamonds: brilliance with a longer outline",
    description: "Ovals sparkle like rounds but look larger per carat. How to choose a ratio, judge the bow-tie and find a well-cut oval among many listings.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "maya-okafor",
    published: "2025-05-26",
    legacy: ["/blog/oval-cut-diamonds", "/education/diamond-oval"],
    body: `## Why ovals are so popular

An oval is a brilliant-cut diamond with an elliptical outline. It offers much of the sparkle of a round brilliant, but its length gives it a larger face-up area for the same weight and makes the finger look longer. That combination has made the oval one of the most requested shapes for engagement rings in recent years.

## What to look for

### Ratio

The length-to-width ratio defines an oval's look. Most ovals fall between about 1.30 and 1.50:

| Ratio | Look |
|---|---|
| 1.25 to 1.35 | Fuller, closer to round |
| 1.35 to 1.45 | The classic oval |
| 1.45 to 1.60 | Slim and elongated |

None is better than the others; choose the outline you like from photographs and filter by ratio on [diamond search](/diamond-search).

### The bow-tie

Most ovals show a darker band across the center where light leaks out, the bow-tie. It is part of the shape's character, but a strong one makes the middle look dead. Certificates do not grade it, so look at a video in ordinary lighting and compare a few stones: the differences are obvious side by side.

### Outline and symmetry

The two long sides should be evenly curved, and the ends should be rounded, not pointed or flat (a flat-sided oval is sometimes said to have "shoulders"). Symmetry of Very Good or Excellent helps, but your eyes are the final judge.

### Depth

A very deep oval hides weight underneath and looks smaller than it should; a very shallow one can look glassy. Many attractive ovals have a depth between roughly 58% and 63%, but check the video rather than relying on the number.

### Color and clarity

Ovals can show a little color at their ends, so consider one grade higher than for a round in white metal. The brilliant faceting hides inclusions well, and an eye-clean SI1 or VS2 is often a sensible choice. See our guides to [color](/education/diamond-4cs/diamond-color-guide) and [clarity](/education/diamond-4cs/diamond-clarity-guide).

## Size on the hand

Because its weight is spread along its length, an oval usually shows a larger face-up area than a round of the same carat weight. As an indication only, a 1 carat oval with a ratio near 1.40 measures somewhere around 7.5 by 5.5 mm; the certificate gives the exact figures for each stone.

## Settings

Ovals work in nearly every setting: a four- or six-prong solitaire, a [hidden halo](/jewelry/rings/engagement-ring-settings) that adds sparkle from the side, a classic halo, or a three-stone ring with pear or trapezoid side stones. East-west settings, with the oval across the finger, are a modern alternative. Browse mountings on [setting search](/setting-search).

## On Loupe

Ovals are widely cut and widely listed, which makes comparison valuable: two stones with the same grades from different retailers can differ a great deal in outline and bow-tie. Loupe puts listings from many independent retailers side by side, so you can shortlist by ratio and grades, then judge the videos. Prices shown are the retailers' current prices.`,
  },
  {
    slug: "heart-shaped-diamond-guide",
    title: "Heart-shaped diamonds: getting the symbol right",
    description:
      "A heart is the hardest shape to cut well. What makes a balanced heart, why size matters for this shape and how to set it so it reads clearly.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "hannah-lindqvist",
    published: "2025-10-06",
    legacy: ["/blog/heart-shaped-diamonds", "/education/diamond-heart"],
    body: `## A shape with a message

A heart-shaped diamond is a brilliant cut with two rounded lobes, a cleft between them and a point at the bottom. Few shapes are as clearly symbolic, which makes it a favorite for anniversary pieces and pendants as well as engagement rings. It is also one of the most demanding shapes to cut, because the eye instantly notices when a heart is out of balance.

## What to look for

### Symmetry above all

A heart should look like a heart from across the room. Check that:

- The two **lobes** are the same size and equally rounded.
- The **cleft** is distinct but not too deep.
- The **point** lines up with the cleft, on the center line.
- The **wings** (the sides running down to the point) curve gently and evenly.

A certificate's symmetry grade helps, but photographs tell you far more about the outline.

### Ratio

Most well-proportioned hearts have a length-to-width ratio of about 0.90 to 1.10. Below that the heart looks wide and squat; above it, long and narrow. Your preference decides, but stones near 1.00 look the most classic.

### Size

A heart needs some size for its outline to read clearly. In very small stones, and especially once prongs cover the lobes and point, the shape can look more like a triangle or a blob. Many jewelers suggest around half a carat or more for a center stone; for accent stones the rule is more relaxed.

### Color and clarity

Color tends to show in the point and the lobes, so in white metal many buyers choose a grade or so higher than they would for a round. The brilliant faceting hides inclusions reasonably well, but avoid feathers near the point. Our [color](/education/diamond-4cs/diamond-color-guide) and [clarity](/education/diamond-4cs/diamond-clarity-guide) guides explain the scales.

### The bow-tie

Like other brilliant shapes with curves and a point, a heart can show a darker bow-tie area in the middle. Compare videos; a faint one is normal.

## Setting a heart

Three prongs are common: a **V-prong** protecting the point and one prong at each lobe. Five prongs add security. A bezel protects the point and edges completely. Halos that follow the heart's outline can make a smaller heart read more clearly. See the styles in our [settings guide](/jewelry/rings/engagement-ring-settings).

## Hearts beyond rings

Heart diamonds make classic pendants, where the shape hangs naturally, and stud earrings, where matching two hearts for size and outline takes extra care. If you want a matched pair, ask the retailer whether the stones were cut or selected together.

## On Loupe

Hearts are listed in smaller numbers than rounds or ovals, so any single shop may have only a few. On [diamond search](/diamond-search), choose heart and compare stones from many independent retailers at once, with their certificates and videos, and hold a price for 72 hours with a price lock while you make up your mind.`,
  },
  {
    slug: "radiant-cut-diamond-guide",
    title: "Radiant cut diamonds: a rectangle that sparkles",
    description:
      "The radiant cut joins the outline of an emerald cut to brilliant faceting. How it compares with princess and emerald cuts and what ratio to pick.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "daniel-reyes",
    published: "2025-11-17",
    legacy: ["/blog/radiant-cut-diamonds", "/education/diamond-radiant"],
    body: `## The best of two shapes

A radiant cut has the outline of an emerald cut, a rectangle or square with trimmed corners, but brilliant-style faceting on the crown and pavilion. The result is a lively, crushed-sparkle look in a straight-edged shape. The radiant was developed in the late 1970s as the first rectangular shape to apply full brilliant faceting to both the crown and the pavilion.

## Radiant, princess or emerald?

| | Radiant | Princess | Emerald |
|---|---|---|---|
| Outline | Rectangle or square, cut corners | Square, sharp corners | Rectangle, cut corners |
| Faceting | Brilliant | Brilliant | Step |
| Look | Bright, busy sparkle | Crisp sparkle, X pattern | Broad flashes, clear window |
| Corners | Robust | Need protection | Robust |
| Hides inclusions | Well | Well | Less well |

If you like the shape of an emerald cut but want more sparkle, or like a princess but worry about its corners, a radiant is worth a look.

## What to look for

### Ratio

Radiants come both square and rectangular. Roughly 1.00 to 1.05 looks square; around 1.10 to 1.20 looks gently rectangular; 1.25 and above gives a clearly elongated rectangle. Decide which outline you like and filter by ratio on [diamond search](/diamond-search).

### Depth and brightness

Radiants are often cut fairly deep, which can make them look small for their weight. A stone with a very high depth may face up noticeably smaller than another of the same carat weight, so compare the length and width in millimeters, not only the carat. Look for even brightness in the video, without a dark center or large dark patches.

### Color and clarity

The brilliant faceting hides inclusions well, so an eye-clean SI1 or VS2 is usually enough. Radiants can concentrate color, especially in the corners, so consider one color grade higher than for a round in white metal; radiants are also a favorite for fancy-color diamonds for the same reason. See our [color guide](/education/diamond-4cs/diamond-color-guide).

### Lab-grown radiants

You will find many radiants among laboratory-grown listings too, in a wide range of sizes and ratios. The same checks apply: depth, brightness in the video and a report from a recognized laboratory. Our [lab-grown guide](/education/lab-grown/lab-grown-vs-natural-diamonds) explains how the two compare.

## Settings

Four prongs at the corners are the classic setting, and the trimmed corners make the stone durable. Radiants look crisp with a halo, with baguette or trapezoid side stones, or in a hidden halo that keeps the profile clean. A straight [wedding band](/jewelry/rings/matching-wedding-bands) sits neatly beside them. Compare styles in our [settings guide](/jewelry/rings/engagement-ring-settings) and browse mountings on [setting search](/setting-search).

## On Loupe

Radiants vary a lot between cutters in depth and brightness, so it helps to see many. On Loupe you can compare radiant diamonds from many independent retailers, natural and lab-grown, filter by ratio and depth, and open each certificate before deciding.`,
  },
  {
    slug: "asscher-cut-diamond-guide",
    title: "Asscher cut diamonds: the square step cut",
    description:
      "The asscher is a square step cut with a windmill pattern and an Art Deco past. What to check for clarity, color and proportions before you buy.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "maya-okafor",
    published: "2026-01-12",
    legacy: ["/blog/asscher-cut-diamonds", "/education/diamond-asscher"],
    body: `## An Art Deco classic

The asscher cut is a square step cut with deeply trimmed corners, which give it an almost octagonal outline. Looking down into a good asscher you see concentric squares and a pattern of reflections often described as a windmill or a hall of mirrors. The original was designed in 1902 by Joseph Asscher of Amsterdam, and the shape became closely associated with the Art Deco jewelry of the 1920s and 1930s. Modern versions, with extra facets, brought it back into fashion.

## Asscher or square emerald?

An asscher is sometimes called a square emerald cut, and the two share step faceting. The differences are in the details: an asscher typically has larger cut corners, a higher crown and a smaller table, which gives it more depth and a stronger windmill pattern. Listings and certificates may use either name, so look at the photographs rather than the label.

## What to look for

### Clarity

Like the [emerald cut](/education/diamond-shapes/emerald-cut-diamond-guide), the asscher's open step facets show inclusions more readily than brilliant faceting does. **VS2 or better** is a sensible starting point, with a close look at the video for anything under the table.

### Color

Step cuts reveal body color, so consider one grade higher than you would for a round, particularly in platinum or white gold. In yellow gold or rose gold, a warmer color can look intentional and period-appropriate. See our [color guide](/education/diamond-4cs/diamond-color-guide).

### Squareness

Most buyers want an asscher that looks truly square, with a length-to-width ratio between 1.00 and 1.05. Filter by ratio on [diamond search](/diamond-search) to narrow the list.

### The windmill

A well-cut asscher shows a crisp, symmetrical pattern of four "blades" radiating from the center and clear concentric steps. A stone that looks dark, blurry or uneven may be poorly proportioned. Polish and symmetry grades of Very Good or Excellent help; the video decides.

## Size on the hand

Because of its depth and high crown, an asscher often looks smaller face-up than other shapes of the same weight. If visible size matters, compare the millimeter dimensions on the certificate and consider a halo or a slightly larger carat weight. Our [carat weight guide](/education/diamond-4cs/diamond-carat-weight-guide) explains how weight and size relate.

## Settings

Asschers suit four-prong settings with a prong at each cut corner, vintage-inspired designs with milgrain and engraving, and halos, which can make the stone look larger. Three-stone rings with tapered baguettes bring out the shape's geometry. Read our [settings guide](/jewelry/rings/engagement-ring-settings) or browse mountings on [setting search](/setting-search).

## On Loupe

Asscher cuts are a smaller share of the market than rounds and ovals, and quality varies, so comparing many retailers at once helps. Loupe lists asscher diamonds from many independent retailers in one search, with certificates and, where the retailer provides it, video.`,
  },
  {
    slug: "cushion-cut-diamond-guide",
    title: "Cushion cut diamonds: soft corners, vintage glow",
    description:
      "Cushion cuts range from antique-style chunky facets to modern crushed-ice sparkle. How to tell the styles apart and pick a ratio and grades you like.",
    category: "education",
    subcategory: "diamond-shapes",
    author: "hannah-lindqvist",
    published: "2026-02-09",
    legacy: ["/blog/cushion-cut-diamonds", "/education/diamond-cushion"],
    body: `## A shape with deep roots

A cushion cut has a square or rectangular outline with rounded corners and gently curved sides, like a pillow. It descends from the old mine cuts of the eighteenth and nineteenth centuries, cut by hand to show the diamond's fire in candlelight. Today's cushions combine that soft outline with modern faceting, and they are a favorite for both vintage-style and contemporary rings.

## Two families of faceting

Cushion cuts vary more than almost any other shape, and listings and certificates rarely tell you which style you are looking at. Broadly:

- **Chunky or antique-style** cushions have larger facets that produce bold flashes of light and color, reminiscent of old mine cuts.
- **Crushed-ice** cushions have many small, irregular-looking reflections, a bright glittery look that some people love and others find busy.

Neither is better; they are different looks. Photographs and videos are the only reliable way to tell them apart.

## What to look for

### Ratio

Square cushions have a length-to-width ratio of about 1.00 to 1.05. Elongated cushions, from about 1.15 upward, have become popular and look larger on the finger for their weight. Filter by ratio on [diamond search](/diamond-search).

### Depth

Cushions are often cut with generous depth, which can make them look smaller than a round or oval of the same weight. Compare the millimeter measurements on the certificate, and favor stones that look bright and even in the video over those with dark patches.

### Color

The cushion's broad facets and rounded corners can show color, especially in larger stones. In white metal, G to I is a common choice; in yellow or rose gold a warmer grade looks natural. Cushions are also a classic choice for fancy-color diamonds. Read our [color guide](/education/diamond-4cs/diamond-color-guide).

### Clarity

Brilliant-style cushions hide inclusions reasonably well, so an eye-clean SI1 or VS2 is often enough. Antique-style cushions with larger facets may show inclusions more, so look closely. See our [clarity guide](/education/diamond-4cs/diamond-clarity-guide).

## Settings

The rounded corners make cushions durable and easy to set with four prongs, or with double prongs at each corner for a vintage touch. Cushions and halos are a classic pairing; a halo can add visible size to a deep stone. Three-stone rings and bezel settings suit the shape too. Compare styles in our [settings guide](/jewelry/rings/engagement-ring-settings) and browse mountings on [setting search](/setting-search).

## On Loupe

Because cushion cuts differ so much between cutters, comparing many stones is the best way to find the look you want. Loupe brings cushion diamonds from many independent retailers into one search; shortlist by ratio and grades, then watch the videos side by side. When you find the one, a price lock holds your cart total for 72 hours.`,
  },
];
