/**
 * §7 My stuff (issue 19, first slice): a signed-in customer's saved diamonds (bearer or the site's cookie).
 * Another customer's ids answer 404 and change nothing.
 */
import { AddNotesRequest, DiamondIdsRequest, IdParam, PairParam, SaveDiamondRequest, SavedDiamond, SavedDiamonds } from "../my-stuff/schemas";
import { empty, json, operation, refusal } from "./operation";

const notSaved = refusal("The diamond is not in this customer's saved diamonds");

export const myStuffOperations = {
  favoriteDiamonds: operation({
    method: "GET",
    path: "/my-stuff-favorite-diamonds",
    operationId: "favoriteDiamonds",
    summary: "The customer's saved diamonds, newest first (a sold one stays, shown as sold)",
    auth: "user",
    responses: { 200: json("Saved diamonds", SavedDiamonds) },
  }),
  saveDiamond: operation({
    method: "POST",
    path: "/my-stuff/diamonds",
    operationId: "saveDiamond",
    summary: "Saves a diamond with notes (empty by default); its paired diamond follows (§4)",
    auth: "user",
    body: SaveDiamondRequest,
    responses: {
      200: json("Saved diamonds", SavedDiamonds),
      404: refusal("No such diamond"),
      409: refusal("The customer keeps the most diamonds allowed (500)"),
    },
  }),
  addNotes: operation({
    method: "POST",
    path: "/my-stuff/diamonds/addnotes",
    operationId: "addDiamondNotes",
    summary: "Writes the notes of a saved diamond",
    auth: "user",
    body: AddNotesRequest,
    responses: { 200: json("The saved diamond", SavedDiamond), 404: notSaved },
  }),
  pushDiamondIds: operation({
    method: "POST",
    path: "/my-stuff/diamondIds",
    operationId: "pushDiamondIds",
    summary: "Saves the favourites a visitor kept in the browser (at sign-in); answers every saved diamond",
    auth: "user",
    body: DiamondIdsRequest,
    responses: { 200: json("Saved diamonds", SavedDiamonds), 404: refusal("No such diamond"), 409: refusal("More than the customer may keep (500)") },
  }),
  removeDiamond: operation({
    method: "DELETE",
    path: "/my-stuff/diamonds/{id}",
    operationId: "removeSavedDiamond",
    summary: "Removes a saved diamond",
    auth: "user",
    params: IdParam,
    responses: { 204: empty("Removed"), 404: notSaved },
  }),
  removePair: operation({
    method: "DELETE",
    path: "/my-stuff/diamonds/{a}/{b}",
    operationId: "removeSavedPair",
    summary: "Removes a saved pair of diamonds",
    auth: "user",
    params: PairParam,
    responses: { 204: empty("Removed"), 404: notSaved },
  }),
  removeUserSaved: operation({
    method: "DELETE",
    path: "/my-stuff/userSavedDiamonds/{id}",
    operationId: "removeUserSavedDiamond",
    summary: "Removes a saved diamond by its userSavedDiamondId",
    auth: "user",
    params: IdParam,
    responses: { 204: empty("Removed"), 404: refusal("No such saved diamond of this customer") },
  }),
} as const;
