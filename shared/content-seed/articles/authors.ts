/**
 * The seed's authors: Loupe's own (invented) gemologists and editors, each with a short Markdown bio.
 */
import type { AuthorSeed } from "./types";

/** Four staff writers; articles refer to them by id. */
export const AUTHOR_SEEDS: readonly AuthorSeed[] = [
  {
    id: "maya-okafor",
    name: "Maya Okafor",
    role: "GIA Graduate Gemologist, senior editor",
    bio: `Maya has graded diamonds for more than a decade, first at a wholesale house in New York and then as an independent
consultant for jewelers who wanted a second opinion before they bought. At Loupe she leads the gemologist reviews and edits
everything we publish about grading, so that each claim can be checked against a report or a stone under the microscope.
She is happiest explaining why two diamonds with the same grades can look quite different, and she still keeps a 10x loupe
on her desk for exactly that reason.`,
  },
  {
    id: "daniel-reyes",
    name: "Daniel Reyes",
    role: "Gemologist, lab-grown specialist",
    bio: `Daniel trained as a gemologist after a first career in materials science, where he worked with synthetic crystals long
before they reached jewelry counters. He writes Loupe's guides on laboratory-grown diamonds, certificates and fluorescence,
and he reviews how retailers describe their stones in the feeds we list. Daniel likes plain answers: what a grade means, what
it does not mean, and which questions to ask a retailer before paying. Outside work he cuts and polishes quartz as a hobby.`,
  },
  {
    id: "hannah-lindqvist",
    name: "Hannah Lindqvist",
    role: "Jewelry editor",
    bio: `Hannah spent eight years at the bench as a jeweler, sizing rings, re-tipping prongs and setting stones, before she
moved to writing about jewelry. She covers settings, metals, wedding bands and care for Loupe, and she tests every piece of
advice against what she saw come back for repair. Her rule of thumb is that a ring should suit the life of the person wearing
it, not just the photograph. She answers reader questions about sizing more than anything else.`,
  },
  {
    id: "samuel-achebe",
    name: "Samuel Achebe",
    role: "Editor, shopping and data",
    bio: `Samuel edits Loupe's buying guides and explains how our comparison works: where listings come from, how prices are
refreshed and what a price lock does. Before Loupe he worked as a consumer journalist covering online retail, returns and
payment disputes, so he reads return policies for fun. He writes for the shopper who wants to compare offers calmly, knows
what to check before checking out and would rather not be rushed by a countdown timer. He also looks after our data pages.`,
  },
];
