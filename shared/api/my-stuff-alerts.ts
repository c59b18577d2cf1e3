/**
 * §7 My stuff (issue 19): saved searches and their alerts, the deal alerts, the login-less alert and an alert
 * email's stones. docs/decisions/016-my-stuff-and-alerts.md has the rules.
 */
import {
  AlertStones,
  DealAlerts,
  DetailDiamondsQuery,
  LoginLessAlertAccepted,
  LoginLessAlertRequest,
  SavedSearchEntry,
  SaveSearchRequest,
  UpdateSearchRequest,
} from "../my-stuff/alerts";
import { IdParam } from "../my-stuff/schemas";
import { empty, json, operation, refusal } from "./operation";

const notSaved = refusal("No such saved search of this customer");

export const myStuffAlertOperations = {
  saveSearch: operation({
    method: "POST",
    path: "/my-stuff/searches",
    operationId: "saveMyStuffSearch",
    summary: "Keeps a saved search (diamond, setting or jewellery) in my stuff, its alert on by default; again: the same entry",
    auth: "user",
    body: SaveSearchRequest,
    responses: {
      200: json("The saved search", SavedSearchEntry),
      404: refusal("No search with this searchId"),
      409: refusal("The customer keeps the most searches allowed (50)"),
    },
  }),
  updateSearch: operation({
    method: "PATCH",
    path: "/my-stuff/searches/{id}",
    operationId: "updateMyStuffSearch",
    summary: "Switches a saved search's alert on or off, renames it, or marks its news seen",
    auth: "user",
    params: IdParam,
    body: UpdateSearchRequest,
    responses: { 200: json("The saved search", SavedSearchEntry), 404: notSaved },
  }),
  removeSearch: operation({
    method: "DELETE",
    path: "/my-stuff/searches/{id}",
    operationId: "removeMyStuffSearch",
    summary: "Removes a saved search and its alert",
    auth: "user",
    params: IdParam,
    responses: { 204: empty("Removed"), 404: notSaved },
  }),
  dealAlerts: operation({
    method: "GET",
    path: "/my-stuff-deal-alerts",
    operationId: "dealAlerts",
    summary: "The saved searches with how many stones arrived since last looked at, and the favourites' price drops",
    auth: "user",
    responses: { 200: json("Deal alerts", DealAlerts) },
  }),
  loginLessAlert: operation({
    method: "POST",
    path: "/my-stuff/loginLessAlert",
    operationId: "loginLessAlert",
    summary: "An alert for an email alone (a partial account is made when none exists); the same answer either way",
    body: LoginLessAlertRequest,
    responses: {
      200: json("Accepted", LoginLessAlertAccepted),
      404: refusal("No such search or diamond"),
      429: refusal("Too many alerts asked for from this address; try later"),
    },
  }),
  detailDiamonds: operation({
    method: "GET",
    path: "/my-stuff/DetailDiamonds",
    operationId: "alertDiamonds",
    credentials: ["alertLink"],
    summary: "The stones an alert email told of, as they are now (its signed link's token and the address it went to)",
    query: DetailDiamondsQuery,
    responses: { 200: json("The alert's stones", AlertStones), 404: refusal("The link is not valid or has expired") },
  }),
} as const;
