import { myStuffContext, type MyStuffService } from "#client/my-stuff-context.ts";
import { reportsContext, type ReportsService } from "#client/reports-context.ts";
import type { AlertStones, DealAlerts, SavedSearchEntry } from "#shared/my-stuff/alerts.ts";
import type { HistoryEntry, MyStuff, SavedSetting } from "#shared/my-stuff/lists.ts";
import type { SavedDiamond } from "#shared/my-stuff/schemas.ts";
import { refuse } from "#shared/refusal.ts";
import type { DiamondSummary } from "#shared/schemas.ts";
import type { SettingSummary } from "#shared/settings/schemas.ts";
import { ADA, fakeAccount, pageContext, renderIn } from "../accounts/fake-account";

export { attr, mainOf } from "../accounts/fake-account";

export const NOW = Date.UTC(2026, 10, 3, 15, 0);

/** A round 1.01 ct G VS1 Ideal natural diamond, $5,000 (cents), available. */
export function diamond(id: number, over: Partial<DiamondSummary> = {}): DiamondSummary {
  return {
    id,
    slug: "round-1-01-carat-g-vs1-ideal",
    certificateLab: 1,
    certificateId: `GIA${id}`,
    isLabGrown: false,
    shape: 1,
    carat: 1.01,
    cut: 1,
    color: 4,
    clarity: 5,
    fluorescence: 1,
    polish: 1,
    symmetry: 1,
    price: 500_000,
    priceBeforeDiscount: null,
    discountPercentage: null,
    isSold: false,
    isRCIdeal: false,
    isB2CVideoDiamond: false,
    isFavorite: false,
    imagesUrl: "",
    shippingDays: 3,
    lwRatio: 1,
    pairedDiamondId: null,
    retailer: { id: 1, name: "Gem Co", slugurl: "gem-co", logoUrl: "", smallLogoUrl: "" },
    incomplete: true,
    ...over,
  };
}

export function saved(id: number, over: Partial<SavedDiamond> = {}): SavedDiamond {
  const d = over.diamond ?? diamond(id);
  return {
    id,
    itemId: id,
    userSavedDiamondId: 1000 + id,
    certificateId: d.certificateId,
    notes: "",
    qualityScore: null,
    qualityMaxScore: null,
    cutScoreDiff: null,
    isFavorite: true,
    savedAt: NOW,
    savedPrice: d.price,
    diamond: d,
    similar: [],
    ...over,
  };
}

export function setting(id: number, name: string, kind: SavedSetting["kind"] = "setting"): SavedSetting {
  const summary: SettingSummary = {
    id,
    name,
    isFavorite: true,
    itemType: kind === "setting" ? 1 : 3,
    itemTypeName: kind === "setting" ? "Setting" : "Pendant",
    style: 1,
    url: kind === "setting" ? `/setting/${id}/2` : `/fine-jewelry/${id}/2`,
    shippingDays: 5,
    retailer: { id: 1, name: "Gem Co" },
    metals: [
      {
        metal: 2,
        metalName: "14K White Gold",
        price: 120_000,
        priceBeforeDiscount: null,
        discountPercentage: null,
        imagesUrl: [`/img/${id}.jpg`],
        isSold: false,
        promoCode: null,
      } as SettingSummary["metals"][number],
    ],
  };
  return { id: 500 + id, itemId: id, kind, savedAt: NOW, setting: summary };
}

export function search(id: number, over: Partial<SavedSearchEntry> = {}): SavedSearchEntry {
  return {
    id,
    searchId: `s${id}`.padEnd(10, "x"),
    kind: "diamond",
    name: `Search ${id}`,
    description: "Round · 1–1.5 ct · G–I",
    link: `/diamond-search/s${id}`,
    hasAlert: true,
    createdAt: NOW,
    newMatches: 0,
    lastMatchAt: null,
    ...over,
  };
}

export const history = (id: number, viewedAt: number): HistoryEntry => ({ viewedAt, diamond: diamond(id) });

export function mine(over: Partial<MyStuff> = {}): MyStuff {
  return {
    diamonds: [],
    settings: [],
    jewelry: [],
    searches: [],
    reports: [],
    orders: [],
    saveOrders: [],
    history: [],
    accountConfirmed: true,
    appointments: [],
    ...over,
  };
}

type Method = keyof MyStuffService;

/**
 * A fake service: `mine` and `alerts` answer what is set (null: signed out); `stones` for the token "good" and
 * ada's email; `saveNotes` accepts the diamonds of `mine` (not found otherwise, unauthorized signed out).
 */
export function fakeMyStuff(options: { mine?: MyStuff | null; alerts?: DealAlerts | null; stones?: AlertStones } = {}) {
  const calls: { method: Method; args: unknown[] }[] = [];
  const service: MyStuffService = {
    mine: async () => {
      calls.push({ method: "mine", args: [] });
      return options.mine ?? null;
    },
    alerts: async () => {
      calls.push({ method: "alerts", args: [] });
      return options.alerts ?? null;
    },
    alertStones: async (token, email) => {
      calls.push({ method: "alertStones", args: [token, email] });
      return token === "good" && email === ADA.email ? (options.stones ?? null) : null;
    },
    saveNotes: async (diamondId, notes) => {
      calls.push({ method: "saveNotes", args: [diamondId, notes] });
      if (!options.mine) return refuse("unauthorized", "Sign in to keep notes on your favourites.");
      return options.mine.diamonds.some((d) => d.id === diamondId)
        ? { ok: true, diamondId }
        : refuse("not_found", "This diamond is not in your saved diamonds");
    },
  };
  return { service, argsOf: (method: Method) => calls.filter((c) => c.method === method).map((c) => c.args) };
}

/** No reports (the reports page's own tests are tests/unit/reports/): an empty list signed in, null signed out. */
function noReports(signedIn: boolean): ReportsService {
  const none = async () => refuse("not_found", "No such report");
  return {
    signedIn: async () => signedIn,
    certificateOf: async () => null,
    reportOnDiamond: async () => null,
    create: none,
    get: async () => (signedIn ? null : "signed-out"),
    rescore: none,
    requestReview: none,
    remove: none,
    list: async () => (signedIn ? [] : null),
  };
}

/** Renders `path` (a GET, or a POST of `form`) with this service, signed in as Ada or not, as the worker's page handler does. */
export async function render(service: MyStuffService, path: string, options: { signedIn?: boolean; form?: Record<string, string> } = {}): Promise<Response> {
  const context = pageContext(fakeAccount({ user: options.signedIn ? ADA : null }).service);
  context.set(myStuffContext, service);
  context.set(reportsContext, noReports(options.signedIn ?? false));
  return renderIn(context, path, options.form);
}

/** The text of some HTML (tags out, entities of the pages decoded, spaces collapsed). */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
