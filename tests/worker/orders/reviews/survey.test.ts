/**
 * The post-purchase survey (issue 22 point 5; decision 037): the questions from `GET content/tree/SurveyQuestions`;
 * `POST orders/post-purchase-survey` checks each answer against its question (unknown question, wrong kind, a
 * follow-up not asked: 400 naming it) and stores the answers once per order (a second: 409); the survey page's
 * form does the same without JavaScript, with the order's review beside it.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, type ErrorBody } from "../../helpers";
import { api, deliveredOrder, form, invitation, pathOf, shippedOrder } from "./reviews-helpers";

interface Question {
  id: string;
  type: string;
  options: string[];
  when: string | null;
  children: Question[];
}

const stored = async (orderNumber: string) => {
  const row = await env.DB.prepare("SELECT answers FROM survey_answers WHERE order_number = ?").bind(orderNumber).first<{ answers: string }>();
  return row ? (JSON.parse(row.answers) as unknown) : null;
};

describe("the survey's questions", () => {
  it("GET content/tree/SurveyQuestions?tree=1 answers the seeded survey: every kind of question, a follow-up", async () => {
    const res = await call("/api/content/tree/SurveyQuestions?tree=1");
    expect(res.status).toBe(200);
    const survey = (await res.json()) as { title: string; questions: Question[] };
    expect(survey.title).toBeTruthy();
    expect(new Set(survey.questions.map((q) => q.type))).toEqual(new Set(["single", "rating", "multiple"]));
    expect(survey.questions.flatMap((q) => q.children)).toEqual([expect.objectContaining({ id: "found-loupe-other", type: "text", when: "Other" })]);
  });
});

describe("POST orders/post-purchase-survey", () => {
  it("stores valid answers once (as checked: a rating as a number); a second submission is 409", async () => {
    const o = await deliveredOrder();
    const answers = [
      { questionId: "found-loupe", answer: "Other" },
      { questionId: "found-loupe-other", answer: "  A jeweller's newsletter " },
      { questionId: "ease", answer: "4" },
      { questionId: "deciding", answer: ["Price", "The certificate"] },
    ];
    const res = await api("/orders/post-purchase-survey", { orderNumber: o.orderNumber, key: o.key, answers });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ orderNumber: o.orderNumber, answered: 4 });
    expect(await stored(o.orderNumber)).toEqual([
      { questionId: "found-loupe", answer: "Other" },
      { questionId: "found-loupe-other", answer: "A jeweller's newsletter" },
      { questionId: "ease", answer: 4 },
      { questionId: "deciding", answer: ["Price", "The certificate"] },
    ]);
    const again = await api("/orders/post-purchase-survey", { orderNumber: o.orderNumber, key: o.key, answers: [{ questionId: "ease", answer: 5 }] });
    expect(again.status).toBe(409);
    expect((await stored(o.orderNumber)) as unknown[]).toHaveLength(4);
  });

  it("refuses (400, naming the answer) an unknown question, an answer of the wrong kind and a follow-up that was not asked; stores nothing", async () => {
    const o = await deliveredOrder();
    const cases: [unknown, string][] = [
      [{ questionId: "favourite-colour", answer: "Blue" }, "answers.0.questionId"],
      [{ questionId: "found-loupe", answer: "A billboard" }, "answers.0.answer"],
      [{ questionId: "found-loupe", answer: ["Search engine"] }, "answers.0.answer"],
      [{ questionId: "ease", answer: 6 }, "answers.0.answer"],
      [{ questionId: "ease", answer: "great" }, "answers.0.answer"],
      [{ questionId: "deciding", answer: "Price" }, "answers.0.answer"],
      [{ questionId: "deciding", answer: ["Price", "Luck"] }, "answers.0.answer"],
      [{ questionId: "found-loupe-other", answer: "   " }, "answers.0.answer"],
    ];
    for (const [answer, path] of cases) {
      const res = await api("/orders/post-purchase-survey", { orderNumber: o.orderNumber, key: o.key, answers: [answer] });
      expect(res.status, JSON.stringify(answer)).toBe(400);
      expect(
        ((await res.json()) as ErrorBody).error.details?.map((d) => d.path),
        JSON.stringify(answer),
      ).toContain(path);
    }
    // A follow-up whose parent's answer did not ask it; the same question twice; no answer at all.
    const notAsked = await api("/orders/post-purchase-survey", {
      orderNumber: o.orderNumber,
      key: o.key,
      answers: [
        { questionId: "found-loupe", answer: "A friend" },
        { questionId: "found-loupe-other", answer: "My sister" },
      ],
    });
    expect(notAsked.status).toBe(400);
    expect(((await notAsked.json()) as ErrorBody).error.details?.[0]?.message).toMatch(/asked only when/);
    const twice = [
      { questionId: "ease", answer: 5 },
      { questionId: "ease", answer: 4 },
    ];
    expect((await api("/orders/post-purchase-survey", { orderNumber: o.orderNumber, key: o.key, answers: twice })).status).toBe(400);
    expect((await api("/orders/post-purchase-survey", { orderNumber: o.orderNumber, key: o.key, answers: [] })).status).toBe(400);
    expect(await stored(o.orderNumber)).toBeNull();
  });

  it("a wrong key is a 404; an order not delivered yet is a 409", async () => {
    const o = await shippedOrder();
    const answers = [{ questionId: "ease", answer: 5 }];
    expect((await api("/orders/post-purchase-survey", { orderNumber: o.orderNumber, key: `${o.key.slice(0, -1)}x`, answers })).status).toBe(404);
    expect((await api("/orders/post-purchase-survey", { orderNumber: "LP0000000000", key: o.key, answers })).status).toBe(404);
    expect((await api("/orders/post-purchase-survey", { orderNumber: o.orderNumber, key: o.key, answers })).status).toBe(409);
  });
});

describe("the survey page", () => {
  it("works without JavaScript: the emailed link shows the questions, its form stores the answers, the order's review beside it", async () => {
    const o = await deliveredOrder();
    const { surveyLink } = await invitation(o.email);
    const page = await call(pathOf(surveyLink));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("How did you first hear of Loupe?");
    expect(html).toContain('name="q:deciding"');
    expect(html).toContain("Review your order");

    const bad = await form(pathOf(surveyLink), [
      ["intent", "survey"],
      ["q:ease", "9"],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("a rating is one of 1, 2, 3, 4, 5");

    const sent = await form(pathOf(surveyLink), [
      ["intent", "survey"],
      ["q:found-loupe", "Search engine"],
      ["q:found-loupe-other", ""],
      ["q:ease", "5"],
      ["q:deciding", "Price"],
      ["q:deciding", "Return policy"],
    ]);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("your 3 answers are saved");
    expect(await stored(o.orderNumber)).toEqual([
      { questionId: "found-loupe", answer: "Search engine" },
      { questionId: "ease", answer: 5 },
      { questionId: "deciding", answer: ["Price", "Return policy"] },
    ]);
    expect(await (await call(pathOf(surveyLink))).text()).toContain("You have answered the survey");

    const reviewed = await form(pathOf(surveyLink), { intent: "review", rating: "5", title: "", text: "Smooth from start to finish." });
    expect(await reviewed.text()).toContain("Thank you for your 5-star review");
    expect((await call(`/orders/survey/${o.orderNumber}?key=${o.key.slice(0, -1)}x`)).status).toBe(404);
  });
});
