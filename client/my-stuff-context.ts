/**
 * My stuff as the page loaders use it (issue 19, §2 My stuff): the server's loaders read the signed-in
 * customer's stuff through this service (worker/loaders/my-stuff.ts provides it from the my-stuff services);
 * the pages change things through the API (`client/api.ts`), and a signed-out visitor's favourites live in
 * the browser (client/state/favorites.ts).
 */
import { createContext } from "react-router";
import type { AlertStones, DealAlerts } from "#shared/my-stuff/alerts.ts";
import type { MyStuff } from "#shared/my-stuff/lists.ts";
import type { Outcome } from "#shared/refusal.ts";

export interface MyStuffService {
  /** Everything the signed-in customer keeps; null when nobody is signed in. */
  mine(): Promise<MyStuff | null>;
  /**
   * The alerts page: the saved searches with the stones found since the customer last looked, and the
   * favourites' price drops; null when nobody is signed in. Reading it marks the news seen (after the answer
   * is built, so this visit still shows it).
   */
  alerts(): Promise<DealAlerts | null>;
  /** The stones an alert email's link opens (no sign-in needed); null for a link that is wrong or expired. */
  alertStones(token: string, email: string): Promise<AlertStones | null>;
  /** Writes the notes of a saved diamond of the customer's (the favourites page's form without JavaScript); refusals: unauthorized, not_found. */
  saveNotes(diamondId: number, notes: string): Promise<Outcome<{ diamondId: number }>>;
}

export const myStuffContext = createContext<MyStuffService>();
