import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { Faq, SectionedFaq } from "#shared/content/faq.ts";
import { informationContext } from "../information-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { faqPage } from "../structured-data";

/**
 * `/faq` (§2 Main layout, §3 FAQ and Sectioned FAQ): the NewFAQ questions, then the questions by topic. Each answer
 * opens in a `<details>` (no JavaScript needed); the FAQPage JSON-LD lists every question. The same for every
 * visitor (shared render).
 */
type FaqData = { faq: Faq | null; sections: SectionedFaq | null };

export async function loader({ context, request }: LoaderFunctionArgs): Promise<FaqData> {
  return serverService(context, request, informationContext).faq();
}

/** Every question and answer of the page, in order (the JSON-LD). */
function faqEntries(data: FaqData | undefined): { question: string; answer: string }[] {
  return [
    ...(data?.faq?.content.map((e) => ({ question: e.header, answer: e.description })) ?? []),
    ...(data?.sections?.sections.flatMap((s) => s.questionList.map((q) => ({ question: q.question, answer: q.answer }))) ?? []),
  ];
}

export const handle: RouteHandle<FaqData> = {
  sharedRender: true,
  meta: (data) => {
    const entries = faqEntries(data);
    return {
      title: "Frequently asked questions — Loupe",
      description: "Answers about Loupe, certified diamonds, settings from $340, metals, shipping, returns and care.",
      canonical: "/faq",
      jsonLd: entries.length ? [faqPage(entries)] : [],
    };
  },
};

function Answer({ text }: { text: string }) {
  return (
    <div className="faq-answer">
      {text.split(/\n\s*\n/).map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

export function Component() {
  const { faq, sections } = useLoaderData<FaqData>();
  return (
    <article className="page narrow faq-page">
      <h1>Frequently asked questions</h1>
      {faq ? (
        <section aria-labelledby="faq-main">
          <h2 id="faq-main">{faq.header}</h2>
          {faq.content.map((e) => (
            <details key={e.id} id={e.id} className="faq-entry">
              <summary>{e.header}</summary>
              <Answer text={e.description} />
            </details>
          ))}
        </section>
      ) : null}
      {sections?.sections.map((s) => (
        <section key={s.id} aria-labelledby={`faq-${s.id}`}>
          <h2 id={`faq-${s.id}`}>{s.title}</h2>
          {s.questionList.map((q) => (
            <details key={q.id} id={`${s.id}-${q.id}`} className="faq-entry">
              <summary>{q.question}</summary>
              <Answer text={q.answer} />
            </details>
          ))}
        </section>
      ))}
      {!faq && !sections ? <p>The answers cannot be shown just now. Please try again in a few minutes.</p> : null}
    </article>
  );
}
