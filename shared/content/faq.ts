/**
 * §3 FAQ and Sectioned FAQ as the content store keeps them and `GET faqs?displayOn=`, `GET faq-sections` and
 * `GET checkoutfaq` answer them: an FAQ is a header plus entries of header and description; a sectioned FAQ is
 * sections, each with a questionList of question and answer.
 */
import * as v from "valibot";

/** §7: the pages an FAQ is shown on (`GET faqs?displayOn=NewMission|NewFAQ`). */
export const FAQ_DISPLAY_ON = ["NewMission", "NewFAQ"] as const;
export type FaqDisplayOn = (typeof FAQ_DISPLAY_ON)[number];

/** Limits of an operator's text (the admin view and API check them). */
export const FAQ_HEADER_MAX = 200;
export const FAQ_DESCRIPTION_MAX = 4000;

const EntryId = v.pipe(v.string(), v.maxLength(64), v.regex(/^[a-z0-9-]{1,64}$/, "id must be lower-case letters, digits and -"));

/** One FAQ entry: a question (header) and its answer (description, plain text; blank lines part paragraphs). */
export const FaqEntry = v.object({
  id: EntryId,
  header: v.pipe(v.string(), v.trim(), v.minLength(1, "Write the question"), v.maxLength(FAQ_HEADER_MAX, `At most ${FAQ_HEADER_MAX} characters`)),
  description: v.pipe(v.string(), v.trim(), v.minLength(1, "Write the answer"), v.maxLength(FAQ_DESCRIPTION_MAX, `At most ${FAQ_DESCRIPTION_MAX} characters`)),
});
export type FaqEntry = v.InferOutput<typeof FaqEntry>;

/** An FAQ (`faqs-NewFAQ`, `faqs-NewMission`, `checkoutfaq`). */
export const Faq = v.object({
  header: v.string(),
  displayOn: v.picklist([...FAQ_DISPLAY_ON, "Checkout"]),
  content: v.array(FaqEntry),
});
export type Faq = v.InferOutput<typeof Faq>;

/** The sectioned FAQ (`faq-sections`). */
export const SectionedFaq = v.object({
  sections: v.array(
    v.object({
      id: EntryId,
      title: v.string(),
      questionList: v.array(v.object({ id: EntryId, question: v.string(), answer: v.string() })),
    }),
  ),
});
export type SectionedFaq = v.InferOutput<typeof SectionedFaq>;

/** The content-store item name of the FAQ shown on `displayOn`. */
export const faqItemName = (displayOn: FaqDisplayOn) => `faqs-${displayOn}` as const;

/** `GET faqs?displayOn=`: NewMission or NewFAQ (anything else is a 400). */
export const FaqQuery = v.object({ displayOn: v.picklist(FAQ_DISPLAY_ON, "displayOn must be NewMission or NewFAQ") });

/** An operator's FAQ entry (add or edit): question and answer. */
export const FaqEntryInput = v.object({ header: FaqEntry.entries.header, description: FaqEntry.entries.description });
export type FaqEntryInput = v.InferOutput<typeof FaqEntryInput>;
