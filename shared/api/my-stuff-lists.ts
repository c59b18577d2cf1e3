/**
 * §7 My stuff (issue 19): favourite settings and jewellery, recently viewed, the customer's orders, report
 * scores, the whole of my stuff and its dashboard. Bearer or the site's cookie; another customer's ids
 * answer 404 and change nothing.
 */
import { IdParam } from "../my-stuff/schemas";
import {
  History,
  MyOrders,
  MyStuff,
  MyStuffDashboard,
  MyStuffReports,
  OrderNumberIdParam,
  ReportScores,
  SavedJewellery,
  SavedSettings,
} from "../my-stuff/lists";
import { empty, json, operation, refusal } from "./operation";

const limit = refusal("The customer keeps the most allowed (500)");

export const myStuffListOperations = {
  myStuff: operation({
    method: "GET",
    path: "/my-stuff",
    operationId: "myStuff",
    summary: "Everything the customer keeps: diamonds, settings, jewellery, searches, reports, orders, history",
    auth: "user",
    responses: { 200: json("My stuff", MyStuff) },
  }),
  dashboard: operation({
    method: "GET",
    path: "/my-stuff-dashboard",
    operationId: "myStuffDashboard",
    summary: "How many of each the customer keeps, and the alerts' news",
    auth: "user",
    responses: { 200: json("Counts", MyStuffDashboard) },
  }),
  favoriteSettings: operation({
    method: "GET",
    path: "/my-stuff-favorite-settings",
    operationId: "favoriteSettings",
    summary: "The customer's favourite settings, newest first",
    auth: "user",
    responses: { 200: json("Favourite settings", SavedSettings) },
  }),
  favoriteJewellery: operation({
    method: "GET",
    path: "/my-stuff-favorite-jewellery",
    operationId: "favoriteJewellery",
    summary: "The customer's favourite jewellery, newest first",
    auth: "user",
    responses: { 200: json("Favourite jewellery", SavedJewellery) },
  }),
  saveSetting: operation({
    method: "POST",
    path: "/my-stuff/settings/{id}",
    operationId: "saveSetting",
    summary: "Keeps a setting among the favourites (saving it again changes nothing)",
    auth: "user",
    params: IdParam,
    responses: { 200: json("Favourite settings", SavedSettings), 404: refusal("No such setting"), 409: limit },
  }),
  removeSetting: operation({
    method: "DELETE",
    path: "/my-stuff/settings/{id}",
    operationId: "removeSetting",
    summary: "Removes a favourite setting (by the setting's id)",
    auth: "user",
    params: IdParam,
    responses: { 204: empty("Removed"), 404: refusal("Not among this customer's favourite settings") },
  }),
  saveJewellery: operation({
    method: "POST",
    path: "/my-stuff/jewellery/{id}",
    operationId: "saveJewellery",
    summary: "Keeps a jewellery piece among the favourites (saving it again changes nothing)",
    auth: "user",
    params: IdParam,
    responses: { 200: json("Favourite jewellery", SavedJewellery), 404: refusal("No such piece"), 409: limit },
  }),
  removeJewellery: operation({
    method: "DELETE",
    path: "/my-stuff/jewellery/{id}",
    operationId: "removeJewellery",
    summary: "Removes a favourite jewellery piece (by the piece's id)",
    auth: "user",
    params: IdParam,
    responses: { 204: empty("Removed"), 404: refusal("Not among this customer's favourite jewellery") },
  }),
  history: operation({
    method: "GET",
    path: "/my-stuff-history",
    operationId: "myStuffHistory",
    summary: "Recently viewed diamonds, newest first (6 kept; recorded by the view logging call when signed in)",
    auth: "user",
    responses: { 200: json("Recently viewed", History) },
  }),
  reports: operation({
    method: "GET",
    path: "/my-stuff-reports",
    operationId: "myStuffReports",
    summary: "The customer's diamond reports",
    auth: "user",
    responses: { 200: json("Reports", MyStuffReports) },
  }),
  reportScores: operation({
    method: "GET",
    path: "/my-stuff/reportscores",
    operationId: "myStuffReportScores",
    summary: "The report scores of the customer's saved diamonds (null until a report exists)",
    auth: "user",
    responses: { 200: json("Scores", ReportScores) },
  }),
  orders: operation({
    method: "GET",
    path: "/my-stuff-orders",
    operationId: "myStuffOrders",
    summary: "The customer's orders, newest first (not those removed from my stuff)",
    auth: "user",
    responses: { 200: json("Orders", MyOrders) },
  }),
  saveOrders: operation({
    method: "GET",
    path: "/my-stuff-save-orders",
    operationId: "myStuffSavedOrders",
    summary: "Guest orders the customer joined to the account (orders/Save), newest first",
    auth: "user",
    responses: { 200: json("Saved orders", MyOrders) },
  }),
  removeOrder: operation({
    method: "DELETE",
    path: "/my-stuff/Orders/{id}",
    operationId: "removeMyStuffOrder",
    summary: "Takes an order off my stuff's list (the order itself is unchanged)",
    auth: "user",
    params: OrderNumberIdParam,
    responses: { 204: empty("Removed from the list"), 404: refusal("No such order of this customer") },
  }),
} as const;
