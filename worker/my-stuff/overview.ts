/**
 * The whole of my stuff (`GET my-stuff`, the my-stuff page) and its dashboard counts (`GET my-stuff-dashboard`)
 * for the signed-in customer (issue 19; §3 My stuff): saved diamonds, favourite settings and jewellery, saved
 * searches with their alerts' news, reports, orders, guest orders joined to the account, recently viewed.
 */
import { HISTORY_STORED, type MyStuff, type MyStuffDashboard } from "#shared/my-stuff/lists.ts";
import type { SearchBindings } from "../search/service";
import { priceDrops } from "./alerts/price-drops";
import { savedSearches } from "./alerts/searches";
import { savedDiamonds } from "./diamonds";
import { viewedDiamonds } from "./history";
import { myOrders, savedOrders } from "./orders";
import { myReports } from "./reports";
import { savedSettings } from "./settings";

/** Everything the customer keeps (`now` prices the favourite cards' promo codes). */
export async function myStuff(env: SearchBindings, user: { id: number; userGuid: string; accountConfirmed: boolean }, now: number): Promise<MyStuff> {
  const db = env.DB;
  const [diamonds, settings, jewelry, searches, reports, orders, saveOrders, history] = await Promise.all([
    savedDiamonds(env, user.id),
    savedSettings(db, user.id, "setting", now),
    savedSettings(db, user.id, "jewellery", now),
    savedSearches(db, user.id),
    myReports(db, user.id),
    myOrders(db, user),
    savedOrders(db, user),
    viewedDiamonds(db, user.id),
  ]);
  return { diamonds, settings, jewelry, searches, reports, orders, saveOrders, history, accountConfirmed: user.accountConfirmed, appointments: [] };
}

/** Counts of what the customer keeps and the alerts' news: one batch of counts, the saved searches and the price drops. */
export async function myStuffDashboard(env: SearchBindings, user: { id: number; userGuid: string; accountConfirmed: boolean }): Promise<MyStuffDashboard> {
  const db = env.DB;
  const hidden = "NOT EXISTS (SELECT 1 FROM user_hidden_orders h WHERE h.user_id = ?1 AND h.order_number = o.order_number)";
  const [counts, searches, drops, reports] = await Promise.all([
    db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM user_saved_diamonds WHERE user_id = ?1) AS diamonds,
                (SELECT COUNT(*) FROM user_saved_settings WHERE user_id = ?1 AND kind = 'setting') AS settings,
                (SELECT COUNT(*) FROM user_saved_settings WHERE user_id = ?1 AND kind = 'jewellery') AS jewelry,
                (SELECT COUNT(*) FROM orders o WHERE (o.user_id = ?1 OR o.cart_key = ?2) AND o.status != 'drafted' AND ${hidden}) AS orders,
                MIN((SELECT COUNT(*) FROM user_history WHERE user_id = ?1), ?3) AS history`,
      )
      .bind(user.id, `user:${user.userGuid}`, HISTORY_STORED)
      .first<{ diamonds: number; settings: number; jewelry: number; orders: number; history: number }>(),
    savedSearches(db, user.id),
    priceDrops(db, user.id),
    myReports(db, user.id),
  ]);
  return {
    diamonds: counts!.diamonds,
    settings: counts!.settings,
    jewelry: counts!.jewelry,
    searches: searches.length,
    alertsOn: searches.filter((s) => s.hasAlert).length,
    newMatches: searches.reduce((n, s) => n + s.newMatches, 0),
    priceDrops: drops.length,
    orders: counts!.orders,
    reports: reports.length,
    history: counts!.history,
    accountConfirmed: user.accountConfirmed,
  };
}
