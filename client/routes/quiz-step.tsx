/**
 * `/quiz/{step}` — the quiz's steps after the first and its results (client/routes/quiz.tsx): the same page,
 * never indexed (only `/quiz` is), and never a shared render (the results read the visitor's saved search and
 * completion cookie).
 */
import type { RouteHandle } from "../route-handle";
import { QUIZ_FLAGS, quizMeta } from "./quiz";

export { Component, action, loader } from "./quiz";

export const handle: RouteHandle<Parameters<typeof quizMeta>[0]> = {
  flags: { ...QUIZ_FLAGS, preventRobots: true },
  meta: (d) => quizMeta(d),
};
