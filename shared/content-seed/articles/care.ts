/**
 * Seed articles for jewelry / care: cleaning and looking after diamond jewelry.
 */
import type { ArticleSeed } from "./types";

/** Care guides (jewelry / care). */
export const CARE: readonly ArticleSeed[] = [
  {
    slug: "cleaning-and-caring-for-diamond-jewelry",
    title: "How to clean and care for diamond jewelry",
    description:
      "A safe way to clean a diamond ring at home, what to avoid, when to take jewelry off and how often to have prongs and settings checked by a jeweler.",
    category: "jewelry",
    subcategory: "care",
    author: "hannah-lindqvist",
    published: "2025-12-08",
    legacy: ["/blog/how-to-clean-a-diamond-ring", "/blog/jewelry-care-tips", "/education/diamond-care", "/education/diamond-cleaning"],
    body: `## Why diamonds lose their sparkle

Diamonds are very hard, but they are not dirt-proof. A diamond's surface attracts grease: hand cream, soap, skin oils and cooking residue build up on the back of the stone, where light should be reflected, and a bright diamond starts to look dull. The good news is that a simple clean at home brings most of that sparkle back in minutes.

## Cleaning at home

For diamonds set in platinum or gold, this gentle method is safe:

1. **Soak** the piece for 20 to 30 minutes in warm water with a few drops of mild dish soap.
2. **Brush** gently with a soft toothbrush, paying attention to the underside of the stone and around the prongs, where grime collects.
3. **Rinse** in clean warm water. Close the sink drain or use a bowl first.
4. **Dry** with a soft, lint-free cloth, or let it air dry.

Once a week is plenty for a ring worn every day; once a month keeps most pieces looking their best.

## What to avoid

- **Chlorine and bleach.** Pool and household chlorine can damage gold alloys over time. Take rings off before swimming and cleaning.
- **Abrasives.** Toothpaste, baking soda and scouring powders can scratch metal and dull a polished finish.
- **Harsh household cleaners.** Many contain chemicals that are hard on metals and on any other gemstones in the piece.
- **Sharp tools.** Do not pick at dirt with pins or knives; you can loosen a stone.

### Ultrasonic cleaners

Ultrasonic cleaners use vibration to shake dirt loose and are used by many jewelers. They are generally fine for well-set diamonds in solid metal, but they can loosen small stones in pavé or worn settings, and they are not suitable for fracture-filled diamonds or for many colored gemstones and pearls. If you are unsure, stick to soap and water, or let a jeweler do it.

## When to take jewelry off

Diamonds can chip if struck hard on an edge or point, and settings can bend. Take rings off for:

- The gym, contact sports and heavy lifting.
- Gardening, moving furniture, and household or DIY jobs.
- Swimming, hot tubs and cleaning with chemicals.
- Applying lotion, hair products and sunscreen (put jewelry on last).

## Storing jewelry

A diamond can scratch other jewelry, and even other diamonds. Store each piece separately, in a lined box with compartments or a soft pouch. Keep chains fastened so they do not tangle. When traveling, take only what you plan to wear.

## Checking the setting

The most common cause of a lost diamond is a worn or bent prong. Every few weeks, look at your ring under a bright light:

- Are all the prongs in place and touching the stone?
- Does the diamond move or rattle when you tap the ring gently near your ear?
- Is any prong tip flattened, thin or catching on fabric?

Have a jeweler inspect and clean your ring once or twice a year. They can tighten stones, re-tip worn prongs and polish scratches. White gold may also need re-plating with rhodium every so often; see our guide to [platinum and gold](/jewelry/metals/platinum-and-gold).

## Pieces with more small stones

[Halo and pavé settings](/jewelry/rings/engagement-ring-settings) have many small diamonds held by small beads or prongs. Clean them gently with a soft brush, avoid ultrasonic cleaning unless a jeweler advises it, and have them checked more often.

## Protection plans and insurance

Accidents happen even with careful wear. A care plan can cover repairs such as re-tipping prongs or replacing a lost accent stone; read about the options on our [jewelry care plan](/jewelry-care-plan) page. For loss or theft, consider jewelry insurance. Keep the grading report, the receipt and clear photographs together: they help with any claim.

If you are still deciding on a ring, our [settings guide](/jewelry/rings/engagement-ring-settings) compares how much upkeep each style needs.`,
  },
];
