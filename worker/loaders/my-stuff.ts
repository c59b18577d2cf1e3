/**
 * My stuff as the server's page loaders use it (client/my-stuff-context.ts `MyStuffService`): the my-stuff
 * services for one page request, for the signed-in customer (null when nobody is signed in), and an alert
 * email's stones for whoever holds its link.
 */
import type { MyStuffService } from "#client/my-stuff-context.ts";
import { alertStones, type AlertLinkBindings } from "../my-stuff/alerts/stones";
import { dealAlertsFor, markAlertsSeen } from "../my-stuff/alerts/searches";
import { refuse } from "#shared/refusal.ts";
import { addNotes } from "../my-stuff/diamonds";
import { myStuff } from "../my-stuff/overview";
import { outcome } from "./cart";

/** What the page request gives the my-stuff service (worker/middleware/loaders.ts builds it). */
export interface MyStuffRequest {
  env: AlertLinkBindings;
  /** The signed-in customer, or null. */
  user: () => Promise<{ id: number; userGuid: string; accountConfirmed: boolean } | null>;
  now: () => number;
}

/** The server's my-stuff service for one page request. */
export function serverMyStuff(r: MyStuffRequest): MyStuffService {
  const { env } = r;
  return {
    mine: async () => {
      const user = await r.user();
      return user ? myStuff(env, user, r.now()) : null;
    },
    alerts: async () => {
      const user = await r.user();
      if (!user) return null;
      const now = r.now();
      const alerts = await dealAlertsFor(env.DB, user.id);
      // After the answer is built: this visit still shows the news.
      await markAlertsSeen(env.DB, user.id, now);
      return alerts;
    },
    alertStones: (token, email) => alertStones(env, token, email, r.now()),
    saveNotes: async (diamondId, notes) => {
      const user = await r.user();
      if (!user) return refuse("unauthorized", "Sign in to keep notes on your favourites.");
      return outcome(async () => {
        await addNotes(env, user.id, diamondId, notes);
        return { diamondId };
      });
    },
  };
}
