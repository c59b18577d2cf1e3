/**
 * The shopping landing pages of §2 "Content and other pages": financing, lab-created diamonds, engagement ring
 * guides, earrings, studs, pendants, the most popular rings and the free studs offer (§9 threshold 998).
 */
import { PARENTS } from "./catalogue";
import { type LandingDef, text } from "./types";

const { DIAMONDS, RINGS, JEWELRY } = PARENTS;

export const SHOPPING_PAGES: readonly LandingDef[] = [
  {
    path: "/financing",
    title: "Financing a Diamond or Engagement Ring — How It Works | Loupe",
    name: "Financing",
    description: "How paying for a ring over time works: instalment plans, promotional interest, what lenders check and the questions to ask before you sign.",
    h1: "Financing a ring",
    lead: "Paying over time can make a ring affordable now, but the cost depends entirely on the plan. Here is how ring financing generally works, so you can compare any offer you are given.",
    parents: [],
    body: [
      text("The usual kinds of plan", [
        "Fixed instalments split the price into equal monthly payments with the interest shown up front. Promotional plans charge no interest if the whole amount is paid within a set period; some of them add back all the interest from day one if even a little is left at the end, so read that clause carefully.",
      ]),
      text("What a lender looks at", [
        "Most lenders run a credit check and set a limit; a soft check for a quote does not affect your credit score, a full application usually does. Approval, the rate and the term are the lender's decision, not the jeweller's.",
      ]),
      text(
        "Questions to ask before you sign",
        ["Whatever plan you are offered, these answers let you compare it with paying by card or saving first:"],
        [
          "What is the APR after any promotional period, and is interest deferred or waived?",
          "What is the total you will have paid by the last instalment?",
          "Is there a fee for paying early or a charge for a late payment?",
          "What happens to the plan if you return the ring?",
        ],
      ),
      text("Financing at Loupe", [
        "Loupe does not offer its own financing plan yet. Until it does, you can pay by card, PayPal, Apple Pay or Google Pay at checkout, and compare prices across retailers so that whatever you borrow buys the best stone for the money.",
      ]),
      {
        kind: "links",
        heading: "Ways to spend less",
        links: [
          { to: "/active-promotions", label: "Promotions running now" },
          { to: "/diamonds/slp/eye-clean-diamonds-under-3000", label: "Eye-clean diamonds under $3,000" },
          { to: "/lab-grown-diamonds", label: "Lab-grown diamonds" },
        ],
      },
    ],
  },
  {
    path: "/lab-created-diamonds",
    title: "Lab-Created Diamonds — Same Diamond, Different Origin | Loupe",
    name: "Lab-created diamonds",
    description: "Lab-created, lab-grown and man-made diamonds are the same thing: real diamond grown in a laboratory. Compare certified stones and prices.",
    h1: "Lab-created diamonds",
    lead: "Lab-created, lab-grown, cultured and man-made all describe the same thing: a real diamond grown in a laboratory. They are not simulants like cubic zirconia or moissanite, which are different materials.",
    parents: [DIAMONDS],
    body: [
      { kind: "origins", heading: "Lab-created and natural diamonds in our listings" },
      text("How to tell them apart", [
        "By eye, you cannot — and neither can a jeweller's loupe. Gem labs identify lab-created diamonds with spectroscopy, note the origin on the report and usually inscribe it on the girdle. Always buy one with a report that names its origin.",
      ]),
      { kind: "shapes", origin: "lab", heading: "Lab-created diamonds by shape" },
      { kind: "links", heading: "Read more", links: [{ to: "/lab-grown-diamonds", label: "Lab-grown diamonds explained" }] },
    ],
  },
  {
    path: "/shop-engagement-rings",
    title: "Shop Engagement Rings — Settings and Diamonds Compared | Loupe",
    name: "Shop engagement rings",
    description: "Shop engagement rings by style, metal and budget: popular settings, ideas to start from and certified diamonds from independent retailers.",
    h1: "Shop engagement rings",
    lead: "Browse the settings shoppers pick most, start from a style idea, or go straight to the search and filter by metal, style, shape and price.",
    parents: [RINGS],
    body: [
      { kind: "best-selling", heading: "Popular settings", count: 8 },
      { kind: "landings", of: "settings", heading: "Start from an idea" },
      { kind: "results", pageId: "setting-search", query: "metal=platinum", heading: "In platinum", count: 4 },
      {
        kind: "links",
        heading: "Search",
        links: [
          { to: "/setting-search", label: "All settings" },
          { to: "/diamond-search", label: "Diamonds for your setting" },
        ],
      },
    ],
  },
  {
    path: "/buy-engagement-rings",
    title: "How to Buy an Engagement Ring, Step by Step | Loupe",
    name: "Buy engagement rings",
    description:
      "A plain guide to buying an engagement ring: set a budget, choose the shape and setting, pick the diamond's grades, get the size right and compare sellers.",
    h1: "How to buy an engagement ring",
    lead: "Five decisions make a ring. Take them in this order and each one narrows the next.",
    parents: [RINGS],
    body: [
      text("1. Set a budget, then split it", [
        "Decide the total first. The setting usually takes a fifth to a third of it; the rest goes to the diamond. A simple solitaire leaves the most for the stone.",
      ]),
      text("2. Choose the shape", [
        "Round diamonds return the most light and cost the most per carat. Ovals, pears and marquises look larger for their weight; emerald and Asscher cuts show clarity more, so they need a cleaner stone.",
      ]),
      text("3. Choose the setting and metal", [
        "Match the metal to the jewellery they already wear. A halo or pavé band adds sparkle and a little cost; a solitaire keeps the attention on the diamond.",
      ]),
      text("4. Choose the diamond's grades", [
        "Put cut first, then find the lowest colour and clarity that still look clean and white to you. Use the search's filters and watch how the price moves with each step.",
      ]),
      text("5. Get the size and the seller right", [
        "Borrow a ring they wear on the same finger, or ask a jeweller to measure. Then compare the same stone across retailers: price, shipping time, returns and resizing differ more than people expect.",
      ]),
      {
        kind: "links",
        heading: "Start",
        links: [
          { to: "/setting-search", label: "Choose a setting" },
          { to: "/diamond-search", label: "Choose a diamond" },
          { to: "/financing", label: "Paying over time" },
        ],
      },
    ],
  },
  {
    path: "/diamond-earrings",
    title: "Diamond Earrings — Studs, Halos and Drops | Loupe",
    name: "Diamond earrings",
    description:
      "Diamond earrings from independent retailers: build studs with a matched pair of certified diamonds or choose finished earrings in gold and platinum.",
    h1: "Diamond earrings",
    lead: "Two ways to buy: build a pair of studs around two certified diamonds matched for size and colour, or choose finished earrings with the diamonds already set.",
    parents: [JEWELRY],
    body: [
      { kind: "results", pageId: "earrings", query: "", heading: "Earring settings for your own pair of diamonds", count: 4 },
      { kind: "results", pageId: "jewelry-earrings", query: "", heading: "Finished diamond earrings", count: 4 },
      text("Sizes that suit", [
        "Earring weights are quoted as the total of both stones. A quarter carat in total is discreet for every day; one carat in total is a clear statement; beyond two carats in total, a screw back keeps them secure.",
      ]),
      {
        kind: "links",
        heading: "More",
        links: [
          { to: "/diamond-studs", label: "Diamond studs" },
          { to: "/free-diamond-earrings", label: "Free diamond studs offer" },
        ],
      },
    ],
  },
  {
    path: "/diamond-studs",
    title: "Diamond Stud Earrings — Build a Matched Pair | Loupe",
    name: "Diamond studs",
    description:
      "Build diamond stud earrings: choose a stud setting, then two certified diamonds matched by shape, size and colour. Compare prices across retailers.",
    h1: "Diamond studs",
    lead: "Studs are the one piece of diamond jewellery almost everyone wears. Choose a setting, then a pair of certified diamonds matched so the two look the same.",
    parents: [JEWELRY, { name: "Diamond earrings", path: "/diamond-earrings" }],
    body: [
      { kind: "results", pageId: "earrings", query: "style=stud", heading: "Stud settings", count: 8 },
      text("What makes a good pair", [
        "The two stones should match in shape, size within a few hundredths of a carat, colour and cut; small differences in clarity do not show between two ears. Round studs are the classic; princess and cushion cuts give more face-up size for the money.",
      ]),
      text("Backs", [
        "Push backs are the simplest; screw backs hold larger stones more securely. Four-prong settings show more diamond, three-prong martini settings sit closer to the ear.",
      ]),
    ],
  },
  {
    path: "/diamond-pendant",
    title: "Diamond Pendants — Solitaire and Halo Settings | Loupe",
    name: "Diamond pendants",
    description: "Diamond pendants: choose a pendant setting and your own certified diamond, or a finished necklace. Solitaire, halo and side-stone styles.",
    h1: "Diamond pendants",
    lead: "A pendant shows a single diamond at its best. Choose a pendant setting and add any certified diamond of the right shape, or pick a finished necklace.",
    parents: [JEWELRY],
    body: [
      { kind: "results", pageId: "pendant-search", query: "", heading: "Pendant settings", count: 8 },
      text("Choosing the stone", [
        "A pendant is seen from further away than a ring, so colour and clarity can be a grade or two lower without showing. Half a carat to one carat suits most necklines; pick a chain of 16 to 18 inches to let it sit at the collarbone.",
      ]),
      { kind: "results", pageId: "jewelry-necklaces", query: "", heading: "Finished necklaces", count: 4 },
    ],
  },
  {
    path: "/most-popular-engagement-rings",
    title: "Most Popular Engagement Rings Right Now | Loupe",
    name: "Most popular engagement rings",
    description: "The engagement ring settings Loupe shoppers choose most, updated from our catalogue, with every metal and price.",
    h1: "Most popular engagement rings",
    lead: "The settings our shoppers choose most, from our best-selling list. Each comes in several metals; add any diamond of a shape it holds.",
    parents: [RINGS],
    body: [
      { kind: "best-selling", heading: "Best-selling settings", count: 16 },
      text("Why these lead", [
        "Simple solitaires and slim pavé bands lead year after year: they suit every diamond shape and leave most of the budget for the stone. Halos are chosen most often with smaller centre stones, which they make look larger.",
      ]),
      { kind: "links", heading: "Find yours", links: [{ to: "/setting-search", label: "Search every setting" }] },
    ],
  },
  {
    path: "/free-diamond-earrings",
    title: "Free Diamond Stud Earrings With Your Order | Loupe",
    name: "Free diamond earrings",
    description: "Spend $998 or more on anything else and one pair of diamond stud earrings in your cart is free. How the offer works, step by step.",
    h1: "Free diamond earrings",
    lead: "When the rest of your order comes to $998 or more, one pair of diamond stud earrings in your cart is free.",
    parents: [JEWELRY, { name: "Diamond earrings", path: "/diamond-earrings" }],
    body: [
      { kind: "free-studs", heading: "How the offer works" },
      { kind: "results", pageId: "earrings", query: "style=stud", heading: "Stud earrings you can add", count: 4 },
    ],
  },
];
