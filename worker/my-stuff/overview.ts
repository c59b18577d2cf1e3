// PLACEHOLDER: helper H1 replaces this file
/**
 * Everything a customer keeps (issue 19, §3 My stuff). Placeholder until helper H1's version lands: it lists
 * the saved diamonds (so the pages and the browser test see them) and nothing else.
 */
import type { MyStuff } from "#shared/my-stuff/lists.ts";
import type { SearchBindings } from "../search/service";
import { savedDiamonds } from "./diamonds";

/** The whole of my stuff for one customer. */
export async function myStuff(env: SearchBindings, user: { id: number; userGuid: string; accountConfirmed: boolean }, _now: number): Promise<MyStuff> {
  return {
    diamonds: await savedDiamonds(env.DB, user.id),
    settings: [],
    jewelry: [],
    searches: [],
    reports: [],
    orders: [],
    saveOrders: [],
    history: [],
    accountConfirmed: user.accountConfirmed,
    appointments: [],
  };
}
