/**
 * The search wizard's email (SearchWizard/get-recommendations): the recommended stones with why each was
 * picked, links to each and to the saved search. Transactional (the shopper asked for it): no unsubscribe.
 * Registered in worker/email/templates.ts as "wizard-recommendations".
 */
import type { EmailContent } from "../email/layout";

/** What the email carries (links are absolute URLs on this site). */
export interface WizardEmailData {
  /** "a ring with a Halo setting, $6,000 in all" or "a loose diamond up to $6,000". */
  budgetText: string;
  stones: { title: string; label: string; priceCents: number; reason: string; link: string }[];
  /** The saved search's page (/quiz/results?searchId=…). */
  searchLink: string;
  /** The diamond search for more stones like these. */
  moreLink: string;
}

/** "$1,234": whole dollars, rounded up as every Loupe price. */
const usd = (cents: number) => `$${Math.ceil(cents / 100).toLocaleString("en-US")}`;

/** The email's content (worker/email/layout.ts renders both bodies). */
export function wizardRecommendationsEmail(d: WizardEmailData): EmailContent {
  const count = d.stones.length;
  return {
    subject: count ? `Your ${count} diamond ${count === 1 ? "recommendation" : "recommendations"} from Loupe` : "Your Loupe diamond search",
    preheader: `Picked for ${d.budgetText}, with why each stone made the list.`,
    heading: "Diamonds picked for you",
    blocks: [
      { kind: "p", text: `Here is what we found for ${d.budgetText}. Each stone trades size, colour and clarity differently:` },
      ...d.stones.flatMap((s) => [
        { kind: "p" as const, text: `${s.title}: ${s.label}, ${usd(s.priceCents)}` },
        { kind: "p" as const, text: s.reason },
        { kind: "button" as const, label: "See this diamond", href: s.link },
      ]),
      ...(count ? [] : [{ kind: "p" as const, text: "No listed stone fits this budget right now. New stones arrive every day: try the search below." }]),
      { kind: "button", label: "See more like these", href: d.moreLink },
      { kind: "p", text: "Your recommendations stay saved here:" },
      { kind: "button", label: "Open my recommendations", href: d.searchLink },
      { kind: "p", text: "Questions about a stone? Reply to this email and a Loupe gemologist will answer." },
    ],
  };
}
