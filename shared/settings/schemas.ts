/**
 * Wire schemas (valibot) of the setting, wedding band and jewellery calls (§7): the search filters (§3
 * "Search filter defaults"), the search request and answer (`result.settings`), a setting's detail in one
 * metal (§3 Setting and Setting variant), the home setting summary (best-selling, engagement rings) and
 * stud settings for a pair of diamonds. Prices are integer cents like the rest of the API.
 */
import * as v from "valibot";
import { ITEM_TYPE_NAMES, ITEM_TYPES } from "../enums";
import { VerifiedReview } from "../orders/reviews";
import { MetalCode } from "../rings";
import { OfferedPromotion, PromoCodeVariation, SearchId, ShapeCode } from "../schemas";
import { MAX_SETTINGS_PAGE_SIZE, SETTING_SORT_FIELDS, STYLE_VALUES } from "./pages";

const Id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const Cents = v.pipe(v.number(), v.integer(), v.description("US cents (integer)"));
const Usd = v.pipe(v.number(), v.minValue(0), v.maxValue(10_000_000), v.description("Whole US dollars"));
const list = <T extends v.GenericSchema<unknown, unknown>>(item: T, max: number, what: string) =>
  v.optional(v.pipe(v.array(item), v.maxLength(max), v.description(`${what}; empty or absent means any`)), []);
const flag = (what: string) => v.optional(v.pipe(v.boolean(), v.description(what)), false);
const between = (min: number, max: number, what: string) => v.optional(v.pipe(v.number(), v.minValue(min), v.maxValue(max), v.description(what)));

export const ItemTypeCode = v.pipe(
  v.number(),
  v.integer(),
  v.check((n) => ITEM_TYPES.some((t) => t.code === n), "itemType must be 0 band, 1 ring, 2 pendant, 4 earrings or 5 preset engagement ring"),
  v.metadata({ enum: ITEM_TYPES.map((t) => t.code) }),
);
export const ItemTypeName = v.picklist(ITEM_TYPE_NAMES);
const StyleValue = v.pipe(
  v.number(),
  v.check((n) => STYLE_VALUES.includes(n), `styles are filter style values: ${STYLE_VALUES.join(", ")}`),
  v.metadata({ enum: [...STYLE_VALUES] }),
);

/**
 * The filters of a setting, wedding band or jewellery search (§3 "Search filter defaults" names: widthMin,
 * widthMax, naturalDiamondRetailers, labGrownDiamondRetailers, metals, priceMin, priceMax, styles, queryText,
 * diamondShapes, shippingDays, shipsByHolidayDate, sideGemstonesWeightMin/Max, noSidestone, sortBy, sortOrder,
 * itemType, isMatchingBand; plus itemTypeNames, gender and eternity, which a page fixes).
 * Price bounds are optional: settings start at $340 (§9 FAQ), below the diamond search's default $650.
 */
export const SettingFilterEntries = {
  itemType: v.optional(v.pipe(ItemTypeCode, v.description("0 band, 1 ring, 2 pendant, 4 earrings, 5 preset engagement ring")), 1),
  itemTypeNames: list(ItemTypeName, ITEM_TYPE_NAMES.length, "itemTypeName values (a page fixes these)"),
  gender: v.optional(v.picklist(["women", "men"])),
  eternity: v.optional(v.pipe(v.boolean(), v.description("Only eternity rings (true) or only other bands (false)"))),
  metals: list(MetalCode, 40, "Metal codes"),
  priceMin: v.optional(Usd),
  priceMax: v.optional(Usd),
  widthMin: between(0, 30, "Band width in mm, inclusive"),
  widthMax: between(0, 30, "Band width in mm, inclusive"),
  styles: list(StyleValue, 10, "Style filter values (§3 filter, earring and pendant styles); any of them matches"),
  queryText: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(80, "queryText is at most 80 characters"), v.description("Words in the name, description or keywords")),
    "",
  ),
  diamondShapes: list(ShapeCode, 10, "Only settings that take one of these diamond shapes"),
  shippingDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(365), v.description("Ships within this many days; -1 any")), -1),
  shipsByHolidayDate: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(10), v.isoDate("shipsByHolidayDate must be a date (YYYY-MM-DD)")))),
  sideGemstonesWeightMin: between(0, 30, "Side stones, carats, inclusive"),
  sideGemstonesWeightMax: between(0, 30, "Side stones, carats, inclusive"),
  noSidestone: flag("Only settings without side stones"),
  naturalDiamondRetailers: list(Id, 200, "Retailer ids"),
  labGrownDiamondRetailers: list(Id, 200, "Retailer ids"),
  isMatchingBand: flag("Only engagement settings that have a matching wedding band"),
  sortBy: v.optional(v.picklist(SETTING_SORT_FIELDS), "sortingOrder"),
  sortOrder: v.optional(v.picklist(["asc", "desc"]), "asc"),
};

const pairs = [
  ["priceMin", "priceMax"],
  ["widthMin", "widthMax"],
  ["sideGemstonesWeightMin", "sideGemstonesWeightMax"],
] as const;
const rangeChecks = pairs.map(([min, max]) =>
  v.forward(
    v.partialCheck(
      [[min], [max]],
      (r: Partial<Record<string, number | undefined>>) => r[min] === undefined || r[max] === undefined || r[min]! <= r[max]!,
      `${min} must not exceed ${max}`,
    ),
    [min],
  ),
);

export const SettingFilters = v.pipe(v.strictObject(SettingFilterEntries), ...(rangeChecks as unknown as []));
export type SettingFilters = v.InferOutput<typeof SettingFilters>;
export type SettingFiltersInput = v.InferInput<typeof SettingFilters>;

const Paging = {
  pageNumber: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 1),
  pageSize: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_SETTINGS_PAGE_SIZE), v.description("§9: 20 for settings, 19 for jewellery by default")),
  ),
  promoCodeVariation: v.optional(v.union([PromoCodeVariation, v.picklist([0, 1])])),
  IsB2CDiamondSelected: v.optional(
    v.pipe(v.boolean(), v.description("A diamond is already chosen (ring builder): only items that hold one (Setting, Pendant, Stud) are listed")),
  ),
};

/**
 * Body of `POST /api/search/settingsv2` and `POST /api/search/jewellery`: a saved search's `id` (§7) or the
 * filters themselves (a setting search POST "takes the filter defaults"), not both; then paging.
 */
export const SettingSearchRequest = v.pipe(v.strictObject({ id: v.optional(SearchId), ...Paging, ...SettingFilterEntries }), ...(rangeChecks as unknown as []));
export type SettingSearchRequest = v.InferOutput<typeof SettingSearchRequest>;
export type SettingSearchInput = v.InferInput<typeof SettingSearchRequest>;

/** A setting's metal and its price there (a card's metal option and a detail page's variant alike). */
const MetalPrice = {
  metal: MetalCode,
  metalName: v.string(),
  price: Cents,
  priceBeforeDiscount: v.nullable(Cents),
  discountPercentage: v.nullable(v.number()),
};

/** A setting in one metal as a result card shows it (§3 Home setting summary's metal entry). */
export const MetalOption = v.object({
  id: v.pipe(Id, v.description("The variant id")),
  itemId: v.pipe(Id, v.description("The setting id")),
  ...MetalPrice,
  wirePrice: v.pipe(Cents, v.description("The price paid by bank wire (§3 wirePrice): WIRE_DISCOUNT_PERCENT (2%) less")),
  imagesUrl: v.pipe(v.array(v.string()), v.maxLength(2), v.description("The first two images")),
  promoCode: v.nullable(v.object({ amount: Cents, percentage: v.nullable(v.number()) })),
  isSold: v.boolean(),
});
export type MetalOption = v.InferOutput<typeof MetalOption>;

/** A setting as search results, best-selling and engagement-ring lists show it (§3 Home setting summary). */
export const SettingSummary = v.object({
  id: Id,
  name: v.string(),
  isFavorite: v.boolean(),
  itemType: ItemTypeCode,
  itemTypeName: ItemTypeName,
  style: v.number(),
  url: v.pipe(v.string(), v.description("The page of its first metal")),
  shippingDays: v.number(),
  retailer: v.object({ id: Id, name: v.string() }),
  metals: v.pipe(v.array(MetalOption), v.description("The metals that match the filters, cheapest first")),
});
export type SettingSummary = v.InferOutput<typeof SettingSummary>;

export const SettingSearchResult = v.object({
  settings: v.array(SettingSummary),
  total: v.pipe(v.number(), v.integer(), v.description("Settings matching the filters")),
  pageNumber: v.number(),
  pageSize: v.number(),
  pageCount: v.number(),
  /** Whole USD bounds of the matches' prices with every filter but price applied (the price slider's range). */
  priceRange: v.nullable(v.object({ min: v.number(), max: v.number() })),
});
export type SettingSearchResult = v.InferOutput<typeof SettingSearchResult>;

/** Answer of the setting and jewellery searches (§7 "response result.settings"). */
export const SettingSearchResponse = v.object({
  result: SettingSearchResult,
  searchId: v.optional(SearchId),
  filters: SettingFilters,
});
export type SettingSearchResponse = v.InferOutput<typeof SettingSearchResponse>;

/** `POST /api/search-request/settings2` and `POST /api/search-request/jewellery` answer; `GET /api/search-request/settings/{id}`. */
export const SavedSettingSearch = v.object({
  searchId: SearchId,
  kind: v.picklist(["setting", "jewellery"]),
  filters: SettingFilters,
  createdAt: v.optional(v.number()),
});
export type SavedSettingSearch = v.InferOutput<typeof SavedSettingSearch>;

/** One metal of a setting (§3 Setting variant). */
export const SettingVariant = v.object({
  id: Id,
  name: v.string(),
  ...MetalPrice,
  images: v.array(v.string()),
  imagesUrl: v.array(v.string()),
  isSold: v.boolean(),
});
export type SettingVariant = v.InferOutput<typeof SettingVariant>;

/** A setting in one metal (`GET /api/settings/{id}/{variant}`, `GET /api/jewellery/jewellery-variant/{id}`; §3 Setting). */
export const SettingDetail = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  itemType: ItemTypeCode,
  itemTypeName: ItemTypeName,
  style: v.number(),
  styleNames: v.array(v.string()),
  metalId: MetalCode,
  incomplete: v.literal(false),
  images: v.array(v.string()),
  mediaLibrary: v.array(v.object({ url: v.string() })),
  retailer: v.object({ id: Id, name: v.string(), slugurl: v.string(), logoUrl: v.string() }),
  shapes: v.pipe(v.array(ShapeCode), v.description("Diamond shapes the setting takes")),
  sideStonesWeight: v.number(),
  widthMm: v.number(),
  shippingDays: v.number(),
  gender: v.picklist(["women", "men", "unisex"]),
  isEternity: v.boolean(),
  /** The page of this setting in this metal. */
  url: v.string(),
  selectedVariant: SettingVariant,
  variants: v.pipe(v.array(SettingVariant), v.description("Every metal it comes in, in metal order")),
  /** The wedding band made to sit against this ring (§3 Setting variant matchingBand), in the same metal when it has it. */
  matchingBand: v.nullable(v.object({ id: Id, name: v.string(), variantId: Id, metal: MetalCode, price: Cents, imageUrl: v.string(), url: v.string() })),
  offeredPromotion: v.optional(v.nullable(OfferedPromotion)),
  /** Published verified-purchase reviews of this setting, newest first (decision 037); absent when there are none. */
  verifiedReviews: v.optional(v.array(VerifiedReview)),
});
export type SettingDetail = v.InferOutput<typeof SettingDetail>;

/** `GET /api/settings/best-selling` and `GET /api/setting/engagement-rings` answer. */
export const SettingSummaryList = v.object({ settings: v.array(SettingSummary) });
export type SettingSummaryList = v.InferOutput<typeof SettingSummaryList>;

/** Body of `POST /api/studsettings` (§7 {retailerId, shape, size}): stud settings for a pair of diamonds. */
export const StudSettingsRequest = v.strictObject({
  retailerId: v.optional(v.nullable(Id)),
  shape: ShapeCode,
  size: v.pipe(v.number(), v.minValue(0.05), v.maxValue(20), v.description("Carat weight of one diamond of the pair")),
  metal: v.optional(MetalCode),
});
export type StudSettingsRequest = v.InferOutput<typeof StudSettingsRequest>;

/** Path of `GET /api/settings/{id}/{variant}`: the setting id and the metal code (as the page URLs carry it). */
export const SettingVariantParams = v.object({
  id: v.pipe(v.string(), v.maxLength(9), v.regex(/^[1-9]\d{0,8}$/, "id must be a positive integer"), v.transform(Number)),
  metal: v.pipe(v.string(), v.maxLength(3), v.regex(/^\d{1,3}$/, "metal must be a metal code"), v.transform(Number)),
});
