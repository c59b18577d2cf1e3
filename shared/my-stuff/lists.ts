/**
 * My stuff on the wire, beyond saved diamonds (issue 19; §3 My stuff, §7 My stuff): favourite settings and
 * jewellery, recently viewed (synced for customers), the customer's orders, the whole of my stuff and its
 * dashboard counts. Saved searches and alerts are in ./alerts.ts.
 */
import * as v from "valibot";
import { OrderNumber, OrderView } from "../orders/schemas";
import { DiamondSummary } from "../schemas";
import { SettingSummary } from "../settings/schemas";
import { SavedSearchEntry } from "./alerts";
import { SavedDiamond } from "./schemas";

/** At most this many favourite settings, and as many favourite jewellery pieces, per customer. */
export const MAX_SAVED_SETTINGS = 500;
/** Recently viewed diamonds kept per customer (§9: 6 stored, 5 shown). */
export const HISTORY_STORED = 6;
export const HISTORY_SHOWN = 5;

/** Which list a favourite setting belongs to: settings (rings, bands) or fine jewellery. */
export const SavedSettingKind = v.picklist(["setting", "jewellery"]);
export type SavedSettingKind = v.InferOutput<typeof SavedSettingKind>;

/** A favourite setting or jewellery piece (§3 My stuff settings, jewelry), as its card shows it. */
export const SavedSetting = v.object({
  /** The saved row's id. */
  id: v.number(),
  /** The setting's id (the `{id}` of `my-stuff/settings/{id}`). */
  itemId: v.number(),
  kind: SavedSettingKind,
  savedAt: v.number(),
  /** The setting as a result card shows it (`isFavorite: true`; a piece no longer sold keeps its card, its metals `isSold`). */
  setting: SettingSummary,
});
export type SavedSetting = v.InferOutput<typeof SavedSetting>;

export const SavedSettings = v.object({ settings: v.array(SavedSetting) });
export const SavedJewellery = v.object({ jewelry: v.array(SavedSetting) });

/** A recently viewed diamond of a customer's (recorded by the view logging call when signed in). */
export const HistoryEntry = v.object({ viewedAt: v.number(), diamond: DiamondSummary });
export type HistoryEntry = v.InferOutput<typeof HistoryEntry>;
/** `GET my-stuff-history`: newest first, at most HISTORY_STORED. */
export const History = v.object({ diamonds: v.array(HistoryEntry) });

/** A diamond report of the customer's (`diamondId` null for a stone seen elsewhere; `dealScore` out of 10, null when not scored). */
export const MyStuffReport = v.object({
  id: v.number(),
  diamondId: v.nullable(v.number()),
  title: v.string(),
  price: v.number(),
  score: v.number(),
  maxScore: v.number(),
  dealScore: v.nullable(v.number()),
  createdAt: v.number(),
});
export const MyStuffReports = v.object({ reports: v.array(MyStuffReport) });

/** `GET my-stuff/reportscores`: the report scores of the customer's saved diamonds (null until a report exists). */
export const ReportScores = v.object({
  scores: v.array(
    v.object({ diamondId: v.number(), qualityScore: v.nullable(v.number()), qualityMaxScore: v.nullable(v.number()), cutScoreDiff: v.nullable(v.number()) }),
  ),
});

/** `GET my-stuff-orders` (placed from the account, minus those removed from my stuff) and `GET my-stuff-save-orders` (guest orders joined by orders/Save). */
export const MyOrders = v.object({ orders: v.array(OrderView) });
export const OrderNumberIdParam = v.object({ id: OrderNumber });

/** `GET my-stuff`: everything the customer keeps (§3 My stuff). */
export const MyStuff = v.object({
  diamonds: v.array(SavedDiamond),
  settings: v.array(SavedSetting),
  jewelry: v.array(SavedSetting),
  searches: v.array(SavedSearchEntry),
  reports: v.array(MyStuffReport),
  orders: v.array(OrderView),
  saveOrders: v.array(OrderView),
  history: v.array(HistoryEntry),
  accountConfirmed: v.boolean(),
  /** Showroom appointments: none are offered yet (always empty). */
  appointments: v.array(v.never()),
});
export type MyStuff = v.InferOutput<typeof MyStuff>;

/** `GET my-stuff-dashboard`: how many of each the customer keeps, and the alerts' news. */
export const MyStuffDashboard = v.object({
  diamonds: v.number(),
  settings: v.number(),
  jewelry: v.number(),
  searches: v.number(),
  alertsOn: v.number(),
  /** Stones found for the customer's alerts since they last looked at them. */
  newMatches: v.number(),
  /** Favourite diamonds whose price dropped since saved (by the alert threshold). */
  priceDrops: v.number(),
  orders: v.number(),
  reports: v.number(),
  history: v.number(),
  accountConfirmed: v.boolean(),
});
export type MyStuffDashboard = v.InferOutput<typeof MyStuffDashboard>;
