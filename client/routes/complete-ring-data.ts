import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { SHAPES, byCode, labelOf } from "#shared/enums.ts";
import { RING_SIZES } from "#shared/cart/model.ts";
import type { CartView } from "#shared/cart/schemas.ts";
import type { MetalOption, SettingDetail, SettingSummary } from "#shared/settings/schemas.ts";
import { statusOf } from "#shared/refusal.ts";
import { cartContext, catalogueContext, type CartResult, type CartService, type CatalogueService } from "../context";
import type { MetalChoice } from "../components/metal-switcher";
import { builderDiamond } from "../components/builder-diamond";
import { loaderVariant } from "../experiments/variants";

export const ID = /^[1-9]\d{0,8}$/;
export const DIAMOND_ID = /^[1-9]\d{0,15}$/;
export const METAL = /^\d{1,3}$/;

/** What the page shows when the ring or earrings cannot be completed as asked, with where to go instead. */
export interface Problem {
  message: string;
  link: { to: string; text: string } | null;
}

export type PageDiamond = ReturnType<typeof builderDiamond>;

export const shapeSlug = (shape: number) => byCode(SHAPES, shape)?.slug ?? "round";
/** Settings that hold a diamond of this shape, the diamond kept for the ring builder. */
export const settingsFor = (d: Pick<PageDiamond, "id" | "shape">) => `/setting-search/s?shape=${shapeSlug(d.shape)}&diamond=${d.id}`;
export const ringHref = (metal: number, diamondId: number, settingId: number) => `/complete-ring/${metal}/${diamondId}?setting=${settingId}`;
export const earringsHref = (metal: number, diamondId: number, settingId: number | null) =>
  `/complete-earrings/${metal}/${diamondId}${settingId ? `?setting=${settingId}` : ""}`;

/** An engagement ring setting (not a preset ring, band or jewellery): the one kind that holds a loose diamond. */
export const holdsLooseDiamond = (s: Pick<SettingDetail, "itemType" | "itemTypeName">) => s.itemType === 1 && s.itemTypeName !== "PresetEngagementRing";

/** Which setting the ring is completed with: `?setting=`, else the cart ring's setting; null when neither names one. */
export async function settingIdFor(url: URL, cart: CartService): Promise<number | null> {
  const param = url.searchParams.get("setting");
  if (param && ID.test(param)) return Number(param);
  return (await cart.get()).EngagementRings[0]?.setting?.productId ?? null;
}

/** A stud setting in the page's metal (null when it does not come in it). */
export function studIn(s: SettingSummary, metal: number): { setting: SettingSummary; option: MetalOption } | null {
  const option = s.metals.find((m) => m.metal === metal);
  return option ? { setting: s, option } : null;
}

export async function ringPage(catalogue: CatalogueService, cart: CartService, url: URL, metal: number, diamond: PageDiamond, variation: 0 | 1) {
  const settingId = await settingIdFor(url, cart);
  const misfit = (message: string) => ({
    mode: "ring" as const,
    diamond,
    setting: null,
    problem: {
      message,
      link: { to: settingsFor(diamond), text: `See settings for a ${labelOf(SHAPES, diamond.shape).toLowerCase()} diamond` },
    } satisfies Problem,
  });
  if (settingId === null) return misfit("Choose a setting for your diamond first.");
  const setting = await catalogue.getSetting(settingId, metal, variation);
  if (!setting) {
    const other = await catalogue.getSetting(settingId, undefined, variation);
    if (!other) return misfit("That setting is no longer available.");
    // A metal the setting does not come in: its default metal.
    throw redirect(ringHref(other.metalId, diamond.id, settingId), 302);
  }
  if (!holdsLooseDiamond(setting)) return misfit(`${setting.name} does not hold a loose diamond.`);
  if (!setting.shapes.includes(diamond.shape)) return misfit(`This setting does not hold a ${labelOf(SHAPES, diamond.shape).toLowerCase()} diamond.`);
  if (diamond.isSold)
    return {
      mode: "ring" as const,
      diamond,
      setting,
      problem: {
        message: "This diamond has sold.",
        link: {
          to: `/diamond-search/s?shape=${setting.shapes.map(shapeSlug).join(",")}&setting=${setting.id}&metal=${setting.metalId}`,
          text: "Choose another diamond",
        },
      } satisfies Problem,
    };
  return { mode: "ring" as const, diamond, setting, problem: null };
}

export async function earringsPage(catalogue: CatalogueService, url: URL, metal: number, diamond: PageDiamond) {
  const base = {
    mode: "earrings" as const,
    diamond,
    studs: [] as { setting: SettingSummary; option: MetalOption }[],
    metals: [] as MetalChoice[],
    selected: null as number | null,
  };
  if (!diamond.pairedDiamond) {
    return {
      ...base,
      problem: {
        message: "Earrings need a matched pair of diamonds; this diamond is sold on its own.",
        link: { to: "/earrings", text: "See stud settings" },
      } satisfies Problem,
    };
  }
  if (diamond.isSold)
    return { ...base, problem: { message: "This diamond has sold.", link: { to: "/diamond-search", text: "Search diamonds" } } satisfies Problem };
  // Every metal of every stud that fits (the list's order is the catalogue's: the diamond's retailer first).
  const all = await catalogue.studSettings({ shape: diamond.shape, size: diamond.carat, retailerId: diamond.retailerId });
  if (all.length === 0)
    return {
      ...base,
      problem: {
        message: `No stud setting holds a pair of ${labelOf(SHAPES, diamond.shape).toLowerCase()} diamonds of this size.`,
        link: { to: "/earrings", text: "See stud settings" },
      } satisfies Problem,
    };
  const param = url.searchParams.get("setting");
  const asked = param && ID.test(param) ? Number(param) : null;
  const studs = all.map((s) => studIn(s, metal)).filter((x) => x !== null);
  if (studs.length === 0) {
    // No stud in this metal: the asked (or first) stud's first metal.
    const lead = all.find((s) => s.id === asked) ?? all[0]!;
    throw redirect(earringsHref(lead.metals[0]!.metal, diamond.id, asked === lead.id ? asked : null), 302);
  }
  const names = new Map<number, string>();
  for (const s of all) for (const m of s.metals) names.set(m.metal, m.metalName);
  const metals = [...names].sort((a, b) => a[0] - b[0]).map(([m, metalName]): MetalChoice => ({ metal: m, metalName, isSold: false }));
  const selected = studs.find((x) => x.setting.id === asked)?.setting.id ?? studs[0]!.setting.id;
  return { ...base, studs, metals, selected, problem: null };
}

/**
 * `/complete-ring/{metalId}/{diamondId}?setting={settingId}` and `/complete-earrings/{metalId}/{diamondId}` (§2):
 * the setting (from `?setting=`, else the cart's ring) in the metal with the diamond, or stud settings for the
 * diamond's pair. An unknown diamond is a 404; a metal the setting does not come in redirects to its default;
 * a setting that does not hold the diamond, or a diamond without a pair for earrings, is a message.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  if (!params.diamondId || !DIAMOND_ID.test(params.diamondId) || !params.metalId || !METAL.test(params.metalId)) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const catalogue = context.get(catalogueContext);
  const found = await catalogue.getDiamond(Number(params.diamondId));
  if (!found) throw data("Not found", { status: 404 });
  const diamond = builderDiamond(found);
  const metal = Number(params.metalId);
  const now = Date.now();
  if (url.pathname.startsWith("/complete-earrings/")) return { ...(await earringsPage(catalogue, url, metal, diamond)), now };
  return { ...(await ringPage(catalogue, context.get(cartContext), url, metal, diamond, loaderVariant(context, "Promocode_Variation_Global"))), now };
}

export type CompleteData = Awaited<ReturnType<typeof loader>>;
export type RingData = Extract<CompleteData, { mode: "ring" }>;
export type EarringsData = Extract<CompleteData, { mode: "earrings" }>;

export interface CompleteActionData {
  error: string;
}

export const refused = (message: string, status = 400) => data<CompleteActionData>({ error: message }, { status });

/** Runs cart changes in order, stopping at the first refusal. */
export async function inOrder(steps: ((cart: CartView | null) => Promise<CartResult | null> | null)[]): Promise<CartResult | null> {
  let last: CartResult | null = null;
  for (const step of steps) {
    const r = await step(last?.ok ? last.cart : null);
    if (!r) continue;
    if (!r.ok) return r;
    last = r;
  }
  return last;
}

/** Reads an optional ring size field: null when empty, NaN when not a ring size. */
export function sizeField(form: FormData, name: string): number | null {
  const raw = form.get(name);
  if (typeof raw !== "string" || raw === "") return null;
  const n = Number(raw);
  return RING_SIZES.includes(n) ? n : NaN;
}

/**
 * Adds the completed ring (setting, diamond, ring size, and the matching band with its size when ticked) or
 * the earrings (stud setting, diamond and its pair) to the cart, then shows the cart. Works without
 * JavaScript (a plain form post); the cart's refusals (a sold item, …) come back as the form's message.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  if (!params.diamondId || !DIAMOND_ID.test(params.diamondId) || !params.metalId || !METAL.test(params.metalId)) throw data("Not found", { status: 404 });
  const form = await request.formData();
  const catalogue = context.get(catalogueContext);
  const cart = context.get(cartContext);
  const diamondId = Number(params.diamondId);
  const metal = Number(params.metalId);
  const earrings = new URL(request.url).pathname.startsWith("/complete-earrings/");
  const diamond = await catalogue.getDiamond(diamondId);
  if (!diamond) throw data("Not found", { status: 404 });
  let r: CartResult | null;
  if (earrings) {
    const variantId = Number(form.get("studVariantId"));
    if (!diamond.pairedDiamond) return refused("Earrings need a matched pair of diamonds");
    const studs = await catalogue.studSettings({ shape: diamond.shape, size: diamond.carat, retailerId: diamond.retailer.id });
    const stud = studs.map((s) => studIn(s, metal)).find((x) => x?.option.id === variantId);
    if (!stud) return refused("Choose a stud setting");
    const pairId = diamond.pairedDiamond.id;
    r = await inOrder([
      async () => {
        // One pair of studs per pair of diamonds: another metal of the same studs replaces it.
        const line = (await cart.get()).Studs.find((l) => l.productId === stud.setting.id);
        if (!line) return cart.change({ type: "add-item", variantId });
        return line.variantId === variantId ? null : cart.change({ type: "update", lineId: line.lineId, variantId });
      },
      () => cart.change({ type: "add-diamond", diamondId, pairId }),
    ]);
  } else {
    const settingField = String(form.get("settingId") ?? "");
    if (!ID.test(settingField)) return refused("Choose a setting first");
    const setting = await catalogue.getSetting(Number(settingField), metal, loaderVariant(context, "Promocode_Variation_Global"));
    if (!setting || !holdsLooseDiamond(setting) || !setting.shapes.includes(diamond.shape)) return refused("This setting does not hold this diamond");
    const ringSize = sizeField(form, "ringSize");
    if (ringSize === null || Number.isNaN(ringSize)) return refused("Choose a ring size");
    const band = form.get("band") !== null ? setting.matchingBand : null;
    const bandSize = sizeField(form, "bandSize");
    if (band && (bandSize === null || Number.isNaN(bandSize))) return refused("Choose a size for the matching band");
    r = await inOrder([
      // §4: adding the setting keeps the diamond half; a new setting clears the ring size, set again below.
      () => cart.change({ type: "add-item", variantId: setting.selectedVariant.id, size: ringSize }),
      () => cart.change({ type: "add-diamond", diamondId }),
      () => cart.change({ type: "set-ring-size", ringSize }),
      (now) => {
        if (!band) return null;
        // §5: the band is the matching one while it is the cart's first band; one band line per band.
        const line = now?.WeddingBands.find((l) => l.productId === band.id);
        return line
          ? cart.change({ type: "update", lineId: line.lineId, variantId: band.variantId, size: bandSize })
          : cart.change({ type: "add-item", variantId: band.variantId, size: bandSize });
      },
    ]);
  }
  if (r && !r.ok) return refused(r.message, statusOf(r));
  throw redirect("/cart");
}
