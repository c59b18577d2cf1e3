/**
 * The report's smaller sections (docs/decisions/028-report-sections.md): price (the deal score), fluorescence, the
 * certificate lab, a lab-grown stone's origin (growth method and post-growth treatment) and the retailer. Each
 * line says why in a shopper's words. Pure.
 */
import { COLORS, FLUORESCENCES, labelOf } from "../enums";
import type { DealScore, ReportSection, ReportStone } from "./schemas";
import { type Verdict, dollars, line, round1, scoredSection, verdictOf } from "./section-kit";

/** Maxima of the smaller sections (price out of 10 as the deal score; the rest out of 5). */
export const SECTION_MAX = { price: 10, fluorescence: 5, certificate: 5, origin: 5, retailer: 5 } as const;

/** What a report knows of the retailer selling an inventory stone (re-exported by sections.ts). */
export interface RetailerFactsInput {
  name: string;
  rating: number | null;
  ratingCount: number;
  shippingDays: number | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Price

/** The "Price" section: the deal score, how many comparable stones cost more, and their median. Unscored without one. */
export function priceSection(deal: DealScore | null, priceCents: number): ReportSection {
  const title = "Price";
  if (deal === null || deal.score === null || deal.percentile === null || deal.medianPrice === null) {
    const text = deal?.explanation ?? "Not compared with the inventory";
    return {
      name: "price",
      title,
      score: 0,
      maxScore: 0,
      checklist: [
        line(
          "unknown",
          text,
          deal === null
            ? "The price could not be compared with stones listed now; the report is scored on the stone alone."
            : "A fair price score needs enough similar stones listed now; without them the price is not rated and the report is scored on the stone alone.",
        ),
      ],
    };
  }
  const verdict = verdictOf(deal.score, deal.maxScore);
  const pct = Math.round(deal.percentile);
  const below = (deal.differencePct ?? 0) <= 0;
  return {
    name: "price",
    title,
    score: round1(deal.score),
    maxScore: deal.maxScore,
    checklist: [
      line(
        verdict,
        deal.explanation,
        "Every comparable stone has the same shape and origin, a carat weight within 5% and colour, clarity and cut within one grade; their prices are adjusted to this stone's exact grades before comparing.",
      ),
      line(
        verdict,
        `Cheaper than ${pct}% of comparable stones`,
        pct >= 50
          ? "The higher this share, the better the price: most stones like this one cost more."
          : "Most stones like this one cost less: worth comparing them before buying.",
      ),
      line(
        below ? "good" : deal.differencePct !== null && deal.differencePct > 15 ? "poor" : "fair",
        `Median of comparable stones: ${dollars(deal.medianPrice)} (this stone: ${dollars(priceCents)})`,
        "Half of the comparable stones cost less than the median and half more; it is a fairer yardstick than an average, which a few odd prices can pull.",
      ),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Fluorescence

/** The "Fluorescence" section: none or faint is fine; medium and stronger depend on the colour. */
export function fluorescenceSection(s: ReportStone): ReportSection {
  const f = s.fluorescence;
  const ln = (): ReturnType<typeof line> => {
    if (f === null)
      return line("unknown", "Fluorescence not given", "The certificate's fluorescence was not given; ask the retailer, it is on every lab report.");
    const label = `${labelOf(FLUORESCENCES, f)} fluorescence`;
    const colour = labelOf(COLORS, s.color);
    if (f === 0) return line("good", label, "The stone does not glow under ultraviolet light: nothing can change how it looks in daylight.");
    if (f === 1) return line("good", label, "Too weak to change how the stone looks in daylight; it is often not even priced in.");
    const strong = f >= 3;
    if (s.color <= 3) {
      return line(
        strong ? "poor" : "fair",
        label,
        `In a ${colour} stone, ${strong ? "strong" : "medium"} blue fluorescence brings a risk of a hazy or milky look in sunlight${strong ? ", higher at this strength" : " in a few stones"}, and such stones typically sell for less: check the photos and the return policy.`,
      );
    }
    if (s.color === 4) {
      return line(
        strong ? "fair" : "good",
        label,
        strong
          ? `At ${colour}, strong fluorescence can look slightly hazy in a few stones; it usually lowers the price a little too.`
          : `At ${colour}, medium fluorescence rarely changes the look; it can lower the price a little.`,
      );
    }
    return line(
      f === 4 ? "fair" : "good",
      label,
      f === 4
        ? `At ${colour}, blue fluorescence can make a faintly warm stone look whiter in daylight, but at very strong a hazy look becomes possible: check the photos.`
        : `At ${colour}, blue fluorescence can make a faintly warm stone look whiter in daylight — often a plus, and often cheaper.`,
    );
  };
  return scoredSection("fluorescence", "Fluorescence", SECTION_MAX.fluorescence, [{ line: ln(), weight: 1 }]);
}

// ---------------------------------------------------------------------------------------------------------------
// Certificate

const LAB_WORDS: Readonly<Record<number, (lab: boolean) => [Verdict, string, string]>> = {
  0: () => ["good", "Graded by GIA", "GIA's grading is the strictest and most widely trusted; its grades are the yardstick the trade prices against."],
  1: () => ["good", "Graded by AGS", "AGS grades as strictly as GIA and judges the cut by measured light performance; its lab is now part of GIA."],
  2: (lab) =>
    lab
      ? ["good", "Graded by IGI", "IGI grades most lab-grown diamonds; its reports are the usual standard for them, so comparing prices is easy."]
      : [
          "fair",
          "Graded by IGI",
          "IGI is a large, reputable lab, but many buyers treat its colour and clarity grades on natural stones as up to a grade more generous than GIA's: compare prices with that in mind.",
        ],
  3: () => [
    "poor",
    "Graded by EGL",
    "EGL's grades are widely seen as generous, often by a grade or more, and many retailers no longer accept them: treat the grades as approximate and the price accordingly.",
  ],
  4: () => ["good", "Graded by HRD", "HRD Antwerp is a strict European lab; its reports are less common in the US, so fewer stones compare directly."],
  5: () => [
    "good",
    "Graded by GCAL",
    "GCAL is a US lab that guarantees its grades and images the stone's light performance; its reports are less common, so fewer stones compare directly.",
  ],
};

/** The "Certificate" section: which lab graded the stone and what a shopper should know about it. */
export function certificateSection(s: ReportStone): ReportSection {
  const lab = s.certificateLab === null ? undefined : LAB_WORDS[s.certificateLab];
  const l = lab
    ? line(...lab(s.isLabGrown))
    : line(
        "poor",
        "No certificate",
        "No certificate to verify the grades: without an independent lab report the colour, clarity and carat are the seller's word alone.",
      );
  return scoredSection("certificate", "Certificate", SECTION_MAX.certificate, [{ line: l, weight: 1 }]);
}

// ---------------------------------------------------------------------------------------------------------------
// Origin (lab-grown stones)

/** The "Lab-grown origin" section: how the stone was grown and whether it was treated afterwards, where known. Null for natural stones. */
export function originSection(s: ReportStone): ReportSection | null {
  if (!s.isLabGrown) return null;
  const method =
    s.growthMethod === "CVD"
      ? line(
          "good",
          "Grown by CVD (chemical vapour deposition)",
          "Carbon from a gas settles on a seed crystal layer by layer. The method says nothing about beauty by itself — the grades do — but knowing it means the retailer discloses the stone's history.",
        )
      : s.growthMethod === "HPHT"
        ? line(
            "good",
            "Grown by HPHT (high pressure, high temperature)",
            "Carbon crystallises under the heat and pressure found deep in the earth; HPHT stones often come out colourless without later treatment. Knowing the method means the retailer discloses the stone's history.",
          )
        : line("unknown", "Growth method not stated", "The retailer does not say whether the stone was grown by CVD or HPHT; ask — most lab reports state it.");
  const treatment =
    s.treated === false
      ? line("good", "As grown: no treatment after growth", "Nothing was done to change the colour after the stone was grown.")
      : s.treated === true
        ? line(
            "fair",
            "Treated after growth",
            "Many CVD stones are heated after growth to improve their colour. It is permanent and disclosed on the report, but an as-grown stone of the same grades is the purer choice — a treated one should cost less.",
          )
        : line(
            "unknown",
            "As-grown status not stated",
            "The retailer does not say; ask for the as-grown status (whether the colour was improved after growth).",
          );
  return scoredSection("origin", "Lab-grown origin", SECTION_MAX.origin, [
    { line: method, weight: 1 },
    { line: treatment, weight: 2 },
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Retailer

/** Reviews below this count cap the rating's verdict at fair (too few to be sure). */
export const MIN_RATING_COUNT = 20;

/** The "Retailer" section: its rating out of 5 with how many reviews, and how soon it ships. */
export function retailerSection(r: RetailerFactsInput): ReportSection {
  const rating =
    r.rating === null || r.ratingCount === 0
      ? line("unknown", `No reviews of ${r.name} yet`, "We have no Google or Trustpilot reviews of this retailer to go by.")
      : (() => {
          const text = `${r.name}: rated ${r.rating.toFixed(1)} of 5 from ${r.ratingCount.toLocaleString("en-US")} ${r.ratingCount === 1 ? "review" : "reviews"}`;
          if (r.rating < 3.8) return line("poor", text, "Below most retailers we list: read the reviews about returns and delivery before buying.");
          if (r.rating < 4.5) return line("fair", text, "Mostly happy customers, with some complaints worth reading about.");
          if (r.ratingCount < MIN_RATING_COUNT) return line("fair", text, "A high rating, but from too few reviews to be sure.");
          return line("good", text, "Consistently well rated by its customers.");
        })();
  const d = r.shippingDays;
  const shipping =
    d === null
      ? line("unknown", "Shipping time not given", "The retailer does not say how soon it ships this stone.")
      : line(
          d <= 7 ? "good" : d <= 21 ? "fair" : "poor",
          d === 0 ? "Ships today" : `Ships in ${d} ${d === 1 ? "day" : "days"}`,
          d <= 7
            ? "Ready to ship within a week."
            : d <= 21
              ? "Takes a while to ship, often because the stone is set or checked first: plan around it."
              : "A long wait: the stone may not be in the retailer's hands yet.",
        );
  return scoredSection("retailer", "Retailer", SECTION_MAX.retailer, [
    { line: rating, weight: 2 },
    { line: shipping, weight: 1 },
  ]);
}
