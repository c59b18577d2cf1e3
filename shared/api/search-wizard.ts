/**
 * §7 Search and catalogue, the search wizard's six calls (issue 21 point 6; docs/decisions/030-search-wizard-and-quiz.md),
 * at the spec's paths, case included ("SearchWizard/…" and "searchWizard/…"). A signed-in customer's searches carry
 * their account; an anonymous call answers the same.
 */
import {
  Accepted,
  AddWizardNotesRequest,
  GetRecommendationsRequest,
  Qualities,
  QualitiesRequest,
  QuizRequest,
  SearchIdParam,
  WizardSearch,
  WizardSearchRequest,
} from "../search-wizard/schemas";
import { json, operation, refusal } from "./operation";

const noSearch = refusal("No wizard search with this searchId");

export const searchWizardOperations = {
  qualities: operation({
    method: "POST",
    path: "/SearchWizard/qualities",
    operationId: "searchWizardQualities",
    summary: "The grade/carat trade-offs the budget buys (Biggest, Balanced, Finest): carat, colour, clarity and how many such stones are listed",
    auth: "optional",
    body: QualitiesRequest,
    responses: { 200: json("The budget's split and the options", Qualities) },
  }),
  search: operation({
    method: "POST",
    path: "/SearchWizard/search",
    operationId: "searchWizardSearch",
    summary: "Saves a wizard search (a random searchId) and answers its recommendations, each with why it was picked",
    auth: "optional",
    body: WizardSearchRequest,
    responses: { 200: json("The saved search with its recommendations", WizardSearch) },
  }),
  getRecommendations: operation({
    method: "POST",
    path: "/SearchWizard/get-recommendations",
    operationId: "searchWizardGetRecommendations",
    summary: "Emails a wizard search's recommendations (recomputed for a new price, requestType or ringStyle when initial is false)",
    auth: "optional",
    body: GetRecommendationsRequest,
    responses: {
      202: json("The email is queued", Accepted),
      404: noSearch,
      429: refusal(
        "Ten recommendation requests for this address in 15 minutes already, or an hourly email limit (5 to one address, 20 from one client address, the site's total; docs/decisions/053-email-limits-and-unsubscribe.md): Retry-After",
      ),
    },
  }),
  addNotes: operation({
    method: "POST",
    path: "/searchWizard/add-notes",
    operationId: "searchWizardAddNotes",
    summary: "Keeps the shopper's email and comments on a wizard search for a gemologist's follow-up",
    auth: "optional",
    body: AddWizardNotesRequest,
    responses: { 200: json("Kept", Accepted), 404: noSearch },
  }),
  getSearch: operation({
    method: "POST",
    path: "/SearchWizard/get-search/{searchId}",
    operationId: "searchWizardGetSearch",
    summary: "A saved wizard search with the recommendations saved with it",
    params: SearchIdParam,
    responses: { 200: json("The saved search", WizardSearch), 404: noSearch },
  }),
  sendQuizWithoutEmail: operation({
    method: "POST",
    path: "/searchWizard/send-quiz-without-email",
    operationId: "searchWizardSendQuizWithoutEmail",
    summary: "Saves the quiz's answers as a wizard search without an email and answers its searchId and recommendations",
    auth: "optional",
    body: QuizRequest,
    responses: { 200: json("The saved search with its recommendations", WizardSearch) },
  }),
} as const;
