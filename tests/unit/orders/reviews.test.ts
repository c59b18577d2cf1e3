/** The review moderation rule, the reviewer's public name and the survey's checks (shared/orders; decision 037). */
import { describe, expect, it } from "vitest";
import { moderationOf, reviewerName } from "#shared/orders/reviews.ts";
import { checkSurveyAnswers, type SurveyQuestionLike } from "#shared/orders/survey.ts";

describe("moderationOf", () => {
  it("publishes words, holds words with a link, keeps stars alone unshown, and a rejection stands", () => {
    expect(moderationOf("Lovely ring, fast delivery.")).toBe("published");
    expect(moderationOf("   ")).toBe("rating");
    for (const linky of ["see https://x.test", "see http://x.test", "www.cheap-rings", "cheaprings.com is better", "BUY.SHOP now"])
      expect(moderationOf(linky), linky).toBe("held");
    expect(moderationOf("It is 1.5 carats, i.e. big.")).toBe("published");
    expect(moderationOf("Lovely", "rejected")).toBe("rejected");
    expect(moderationOf("Lovely", "held")).toBe("published");
  });
});

describe("reviewerName", () => {
  it("is the first name and the last name's initial", () => {
    expect(reviewerName("Ada Shopper")).toBe("Ada S.");
    expect(reviewerName("  Mary Ann van der berg ")).toBe("Mary B.");
    expect(reviewerName("Cher")).toBe("Cher");
    expect(reviewerName("")).toBe("A Loupe customer");
  });
});

const SURVEY: SurveyQuestionLike[] = [
  {
    id: "a",
    question: "A?",
    type: "single",
    options: ["x", "Other"],
    when: null,
    children: [{ id: "a2", question: "Which?", type: "text", options: [], when: "Other", children: [] }],
  },
  {
    id: "m",
    question: "M?",
    type: "multiple",
    options: ["p", "q"],
    when: null,
    children: [{ id: "m2", question: "Why q?", type: "text", options: [], when: "q", children: [] }],
  },
  { id: "r", question: "R?", type: "rating", options: ["1", "2", "3"], when: null, children: [] },
];

describe("checkSurveyAnswers", () => {
  it("normalises good answers: a rating as a number, words trimmed; a follow-up of a multiple choice when its option is among the answers", () => {
    const r = checkSurveyAnswers(SURVEY, [
      { questionId: "a", answer: "Other" },
      { questionId: "a2", answer: " a fair " },
      { questionId: "m", answer: ["q"] },
      { questionId: "m2", answer: "price" },
      { questionId: "r", answer: 3 },
    ]);
    expect(r).toEqual({
      ok: true,
      answers: [
        { questionId: "a", answer: "Other" },
        { questionId: "a2", answer: "a fair" },
        { questionId: "m", answer: ["q"] },
        { questionId: "m2", answer: "price" },
        { questionId: "r", answer: 3 },
      ],
    });
  });

  it("names each problem: unknown, twice, wrong kind, repeated option, follow-up not asked, none at all", () => {
    const paths = (answers: Parameters<typeof checkSurveyAnswers>[1]) => {
      const r = checkSurveyAnswers(SURVEY, answers);
      return r.ok ? [] : r.problems.map((p) => p.path);
    };
    expect(paths([{ questionId: "zz", answer: "x" }])).toEqual(["answers.0.questionId"]);
    expect(
      paths([
        { questionId: "r", answer: 1 },
        { questionId: "r", answer: 2 },
      ]),
    ).toEqual(["answers.1.questionId"]);
    expect(paths([{ questionId: "r", answer: 4 }])).toEqual(["answers.0.answer"]);
    expect(paths([{ questionId: "m", answer: ["p", "p"] }])).toEqual(["answers.0.answer"]);
    expect(paths([{ questionId: "m", answer: [] }])).toEqual(["answers.0.answer"]);
    expect(paths([{ questionId: "a", answer: 1 }])).toEqual(["answers.0.answer"]);
    expect(paths([{ questionId: "a2", answer: "why" }])).toEqual(["answers.0.questionId"]);
    expect(
      paths([
        { questionId: "m", answer: ["p"] },
        { questionId: "m2", answer: "why" },
      ]),
    ).toEqual(["answers.1.questionId"]);
    expect(paths([])).toEqual(["answers"]);
  });
});
