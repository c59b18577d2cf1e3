/**
 * The catalogue landing pages of §2 "Landing": `/diamonds`, `/lab-grown-diamonds`, `/engagement-rings`, `/settings`
 * and `/fine-jewelry` — what a shopper needs to start, with the live figures and links into the searches.
 */
import { type LandingDef, text } from "./types";

const DIAMONDS = { name: "Diamonds", path: "/diamonds" };
const RINGS = { name: "Engagement rings", path: "/engagement-rings" };
const JEWELRY = { name: "Fine jewellery", path: "/fine-jewelry" };

export const CATALOGUE_PAGES: readonly LandingDef[] = [
  {
    path: "/diamonds",
    title: "Natural Diamonds — Shapes, Prices and Certified Stones | Loupe",
    name: "Diamonds",
    description: "Compare certified natural diamonds from independent retailers: every shape, live price ranges and a search that shows what each grade costs.",
    h1: "Natural diamonds",
    lead: "Every natural diamond here comes with a grading report and is listed by an independent retailer. Start with a shape, then narrow by the grades that matter to you — the search shows the price of every trade-off.",
    parents: [],
    body: [
      { kind: "shapes", origin: "natural", heading: "Shop natural diamonds by shape" },
      text("What sets the price of a diamond", [
        "Carat weight moves the price most, and not in a straight line: prices jump at the round numbers people ask for (0.50, 1.00, 1.50 and 2.00 carats), so a stone just under one of them often looks the same for noticeably less.",
        "Cut decides how bright a round diamond looks, so it is the grade we would least like you to compromise on. Colour and clarity are easier to trade: most people cannot tell a G from an F colour once the stone is set, and an eye-clean VS2 or SI1 looks like a flawless one from a normal viewing distance.",
      ]),
      text("Reports and retailers", [
        "Each stone's report number is shown on its page so you can check it with the lab that issued it. Reports from GIA and AGS are the strictest for natural diamonds; compare grades from different labs with some care.",
        "The same diamond is sometimes listed by more than one retailer. We show each listing with its own price, shipping time and returns, so you can choose the seller as well as the stone.",
      ]),
      { kind: "shape-interest", heading: "What other shoppers are looking at" },
      { kind: "landings", of: "diamonds", heading: "Popular diamond searches" },
      {
        kind: "links",
        heading: "Keep exploring",
        links: [
          { to: "/lab-grown-diamonds", label: "Lab-grown diamonds" },
          { to: "/engagement-rings", label: "Engagement rings" },
          { to: "/compare", label: "Compare diamonds side by side" },
          { to: "/our-data", label: "Where our listings and prices come from" },
        ],
      },
    ],
  },
  {
    path: "/lab-grown-diamonds",
    title: "Lab-Grown Diamonds — Certified, Compared by Price | Loupe",
    name: "Lab-grown diamonds",
    description: "Lab-grown diamonds are real diamonds made in a few weeks. Compare certified lab-grown stones by shape, grade and price across retailers.",
    h1: "Lab-grown diamonds",
    lead: "A lab-grown diamond is carbon crystallised as diamond, with the same hardness, sparkle and optical properties as a mined one — grown in weeks instead of formed over a billion years. It usually costs a fraction of a natural stone of the same grades.",
    parents: [DIAMONDS],
    body: [
      { kind: "shapes", origin: "lab", heading: "Shop lab-grown diamonds by shape" },
      { kind: "origins", heading: "Natural and lab-grown, side by side" },
      text("How they are grown", [
        "Two methods are in use. CVD deposits carbon from a gas onto a thin diamond seed, layer by layer; HPHT reproduces the heat and pressure deep in the earth in a press. Both make genuine diamond, and neither method makes a stone better by itself: judge the finished diamond by its grades.",
        "Lab-grown stones are graded on the same scales as natural ones, most often by IGI and GIA. The report says the stone is laboratory-grown, and the girdle usually carries a laser inscription saying so.",
      ]),
      text("What to weigh before you buy", [
        "Lab-grown prices have fallen as production grew, and they keep changing. If holding value matters to you, natural diamonds have a resale market and lab-grown ones, so far, mostly do not. If the size and look for your budget matter most, lab-grown buys a larger or whiter stone.",
      ]),
      { kind: "landings", of: "diamonds", heading: "Popular diamond searches" },
    ],
  },
  {
    path: "/engagement-rings",
    title: "Engagement Rings — Choose a Setting, Then a Diamond | Loupe",
    name: "Engagement rings",
    description: "Build an engagement ring: pick a setting in your metal, add a certified diamond from any retailer, and see the full price before you commit.",
    h1: "Engagement rings",
    lead: "An engagement ring is two choices: the setting that holds the stone and the diamond itself. Start with either — the ring builder keeps the other open and shows the total as you go.",
    parents: [],
    body: [
      { kind: "best-selling", heading: "Settings shoppers choose most", count: 8 },
      text("Start with the setting or the diamond", [
        "If you already know the style you want, start with the setting: it narrows the diamond search to shapes and sizes the setting can hold. If the stone matters most, find it first and then pick settings made for its shape.",
      ]),
      text("Metals", [
        "Settings come in 14 and 18 karat white, yellow and rose gold and in platinum. Rose gold costs the same as white or yellow gold. Platinum is heavier and wears without losing metal; white gold is plated with rhodium, which is renewed every few years to keep it bright.",
      ]),
      { kind: "landings", of: "settings", heading: "Setting ideas" },
      {
        kind: "links",
        heading: "Where to go next",
        links: [
          { to: "/setting-search", label: "Search every setting" },
          { to: "/diamond-search", label: "Search diamonds" },
          { to: "/most-popular-engagement-rings", label: "Most popular engagement rings" },
          { to: "/buy-engagement-rings", label: "How to buy an engagement ring" },
          { to: "/wedding-rings", label: "Wedding rings" },
        ],
      },
    ],
  },
  {
    path: "/settings",
    title: "Engagement Ring Settings — Solitaire, Halo, Pavé and More | Loupe",
    name: "Settings",
    description:
      "Engagement ring settings from $340 in 14k and 18k gold and platinum: solitaire, halo, pavé, three-stone and vintage styles from every retailer.",
    h1: "Engagement ring settings",
    lead: "The setting is the ring without its centre stone. Settings here start at $340, come in 14 and 18 karat gold and in platinum, and each lists the diamond shapes it is made to hold.",
    parents: [RINGS],
    body: [
      { kind: "results", pageId: "setting-search", query: "", heading: "Settings to start with", count: 8 },
      text("Choosing a style", [
        "A solitaire shows the diamond and nothing else. A halo surrounds it with small stones and makes it look about half a size larger. Pavé sets tiny diamonds along the band for sparkle all the way round; a three-stone ring adds a side stone on each side; a hidden halo tucks the small stones under the centre so they show only from the side.",
      ]),
      text("Practical points", [
        "A thin band makes the centre stone look bigger but is harder to resize later. Prongs hold more light on the stone than a bezel; a bezel protects the edge better for hands that knock things. Ask for the setting's ring size range before you order if you are between sizes.",
      ]),
      { kind: "landings", of: "settings", heading: "Setting ideas" },
    ],
  },
  {
    path: "/fine-jewelry",
    title: "Fine Jewellery — Diamond Bracelets, Necklaces and Earrings | Loupe",
    name: "Fine jewellery",
    description: "Ready-to-wear diamond jewellery from independent retailers: bracelets, necklaces and earrings in gold and platinum, compared by price.",
    h1: "Fine jewellery",
    lead: "Finished pieces, ready to wear: diamond bracelets, necklaces and earrings from the same retailers as our diamonds, in gold and platinum.",
    parents: [],
    body: [
      { kind: "results", pageId: "jewelry-search", query: "", heading: "Pieces from our retailers", count: 8 },
      { kind: "landings", of: "jewelry", heading: "Jewellery ideas" },
      text("Buying finished jewellery", [
        "Most finished pieces use many small diamonds rather than one large one, so the total carat weight tells you more than any single stone's grade. Look at the metal weight too: a solid chain or a bracelet with a safety clasp lasts far longer than a hollow one.",
      ]),
      {
        kind: "links",
        heading: "More to see",
        links: [
          { to: "/diamond-earrings", label: "Diamond earrings" },
          { to: "/diamond-studs", label: "Diamond studs" },
          { to: "/diamond-pendant", label: "Diamond pendants" },
          { to: "/jewelry-search", label: "Search all jewellery" },
        ],
      },
    ],
  },
];

/** The parents used by the shopping pages too. */
export const PARENTS = { DIAMONDS, RINGS, JEWELRY } as const;
