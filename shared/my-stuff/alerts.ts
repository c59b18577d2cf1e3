/**
 * Saved searches and alerts on the wire (issue 19; §3 My stuff searches, §6 login-less alert, §7 My stuff):
 * a customer's saved searches with their alert switch, price drops on favourite diamonds, the login-less
 * alert and the stones (or settings and jewellery pieces) an alert email links to. docs/decisions/016-my-stuff-and-alerts.md has the rules.
 */
import * as v from "valibot";
import { Email } from "../accounts/schemas";
import { DiamondSummary, SearchId } from "../schemas";
import { SettingSummary } from "../settings/schemas";

/** At most this many saved searches per customer. */
export const MAX_SAVED_SEARCHES = 50;
/** A favourite's price drop is news when it is at least this share of the price it was saved (or last alerted) at… */
export const PRICE_DROP_MIN_PERCENT = 2;
/** …or at least this many cents ($100), whichever is reached first. */
export const PRICE_DROP_MIN_CENTS = 10_000;
/** How long an alert email's link opens its stones without signing in. */
export const ALERT_LINK_VALID_MS = 30 * 24 * 60 * 60 * 1000;
/** Stones listed per saved search in one digest email (the link shows every one). */
export const STONES_PER_SEARCH_IN_EMAIL = 5;
export const MAX_SEARCH_NAME_LENGTH = 80;

export const SavedSearchKind = v.picklist(["diamond", "setting", "jewellery"]);
export type SavedSearchKind = v.InferOutput<typeof SavedSearchKind>;

/** A saved search of the customer's (§3 My stuff searches). */
export const SavedSearchEntry = v.object({
  /** The saved row's id (the `{id}` of `my-stuff/searches/{id}`). */
  id: v.number(),
  searchId: SearchId,
  kind: SavedSearchKind,
  name: v.string(),
  /** The filters in words ("Round · 1–1.5 ct · G–I · $2,000–$8,000"). */
  description: v.string(),
  /** The search page that runs it (`/diamond-search/{searchId}`, the setting or jewellery search's). */
  link: v.string(),
  hasAlert: v.boolean(),
  createdAt: v.number(),
  /** Stones found for its alert since the customer last looked at their alerts. */
  newMatches: v.number(),
  lastMatchAt: v.nullable(v.number()),
});
export type SavedSearchEntry = v.InferOutput<typeof SavedSearchEntry>;

export const SavedSearches = v.object({ searches: v.array(SavedSearchEntry) });

const Name = v.pipe(
  v.string("name must be text"),
  v.trim(),
  v.minLength(1, "name must not be empty"),
  v.maxLength(MAX_SEARCH_NAME_LENGTH, `name is at most ${MAX_SEARCH_NAME_LENGTH} characters`),
);

/** `POST my-stuff/searches`: keep a search already saved by its searchId (diamond, setting or jewellery). */
export const SaveSearchRequest = v.object({
  searchId: SearchId,
  /** Defaults to the filters in words. */
  name: v.optional(Name),
  /** Defaults to on. */
  hasAlert: v.optional(v.boolean(), true),
});

/** `PATCH my-stuff/searches/{id}`: switch the alert, rename, or mark its news seen (at least one). */
export const UpdateSearchRequest = v.pipe(
  v.object({ hasAlert: v.optional(v.boolean("hasAlert must be true or false")), name: v.optional(Name), markSeen: v.optional(v.literal(true)) }),
  v.check((b) => b.hasAlert !== undefined || b.name !== undefined || b.markSeen !== undefined, "Give hasAlert, name or markSeen"),
);

/** A favourite diamond now cheaper than when saved (or last alerted) by the threshold. */
export const PriceDrop = v.object({
  diamond: DiamondSummary,
  /** The price it was saved (or last alerted) at. */
  fromPrice: v.number(),
  price: v.number(),
  dropCents: v.number(),
  dropPercent: v.number(),
});
export type PriceDrop = v.InferOutput<typeof PriceDrop>;

/** `GET my-stuff-deal-alerts`: the saved searches with their news, and the favourites' price drops. */
export const DealAlerts = v.object({ searches: v.array(SavedSearchEntry), priceDrops: v.array(PriceDrop) });
export type DealAlerts = v.InferOutput<typeof DealAlerts>;

/** `POST my-stuff/loginLessAlert`: an email alone, and what to watch — a saved search or a diamond's price. */
export const LoginLessAlertRequest = v.pipe(
  v.object({
    email: Email,
    searchId: v.optional(SearchId),
    diamondId: v.optional(v.pipe(v.number("diamondId must be a number"), v.integer(), v.minValue(1))),
  }),
  v.check((b) => (b.searchId === undefined) !== (b.diamondId === undefined), "Give a searchId or a diamondId (one of them)"),
);
/** The same answer whether or not the email has an account (no enumeration). */
export const LoginLessAlertAccepted = v.object({ accepted: v.literal(true) });

/** `GET my-stuff/DetailDiamonds?token=&email=`: an alert email's link. */
export const DetailDiamondsQuery = v.object({
  token: v.pipe(v.string("token is required"), v.minLength(1, "token is required"), v.maxLength(512, "token is too long")),
  email: v.pipe(v.string("email is required"), v.trim(), v.toLowerCase(), v.maxLength(254, "email is too long"), v.email("email is not an address")),
});

/** One stone an alert email told of, as it is now. */
export const AlertStone = v.object({
  diamond: DiamondSummary,
  reason: v.picklist(["new", "price-drop"]),
  /** For a price drop: the price before it. */
  fromPrice: v.nullable(v.number()),
});
export type AlertStone = v.InferOutput<typeof AlertStone>;

/**
 * One section of an alert email: a saved search's news — diamonds for a diamond search, settings or
 * jewellery pieces for a setting or jewellery search — or the favourites' price drops.
 */
export const AlertSection = v.object({
  title: v.string(),
  /** The saved search's page, or null for price drops. */
  link: v.nullable(v.string()),
  /** The diamonds told of (empty for a setting or jewellery search). */
  stones: v.array(AlertStone),
  /** The settings or jewellery pieces told of, as their cards are now (empty for diamonds and price drops). */
  settings: v.array(SettingSummary),
});
export type AlertSection = v.InferOutput<typeof AlertSection>;

/** The stones and pieces of one alert email, in its sections (one per saved search, one for price drops). */
export const AlertStones = v.object({
  sentAt: v.number(),
  expiresAt: v.number(),
  sections: v.array(AlertSection),
  /** Where a partial account completes itself (null for a full account). */
  completeAccountLink: v.nullable(v.string()),
});
export type AlertStones = v.InferOutput<typeof AlertStones>;
