/**
 * What the my-stuff pages share (issue 19; §2 My stuff): their flags (no coupon popup, no offer launcher,
 * never indexed), the server-only my-stuff service, the navigation between them, the invitation to sign in,
 * and the cards of favourites — a visitor's from the browser's lists, a customer's from the server.
 */
import type { ReactNode } from "react";
import { Link, redirectDocument, useRouteLoaderData, type RouterContextProvider } from "react-router";
import { formatUsd } from "#shared/money.ts";
import type { SavedSetting } from "#shared/my-stuff/lists.ts";
import type { DiamondSummary } from "#shared/schemas.ts";
import { AVAILABILITY_TEXT, diamondAvailability } from "#shared/availability.ts";
import { diamondPath } from "#shared/slug.ts";
import { myStuffContext, type MyStuffService } from "../my-stuff-context";
import type { RouteHandle } from "../route-handle";
import {
  type FavoriteDiamond,
  type FavoriteSetting,
  type FavoriteSettingKind,
  favoriteDiamonds,
  favoriteSettings,
  favoritesError,
  favoritesOwner,
  isFavoriteDiamond,
  isFavoriteSetting,
} from "../state/favorites";
import { useClientSignal } from "../state/use-signal";
import { signInHref } from "./account-paths";
import { diamondTitle, favoriteDiamond, gradeLine } from "./diamond-text";
import { DiamondHeart, SettingHeart } from "./heart";
import { favoriteSetting } from "./setting-card";
import { MyStuffNav } from "./my-stuff-nav";
import { ShapeImage } from "./shape-icon";

/** §2: my-stuff pages prevent the coupon popup and hide the offer launcher; they are never indexed. */
export const MY_STUFF_FLAGS = { preventCouponPopup: true, hideOfferLauncher: true, preventRobots: true } as const;

/** A my-stuff page's handle: its flags and title (never a shared render: every page depends on the shopper). */
export function myStuffHandle<Data = unknown>(title: string): RouteHandle<Data> {
  return { flags: MY_STUFF_FLAGS, meta: () => ({ title: `${title} — Loupe` }) };
}

/**
 * The my-stuff service of a page request. It exists only on the server (the pages never see the session);
 * when a loader runs in the browser (a client-side navigation), the page is loaded as a document instead.
 */
export function pageMyStuff(context: Readonly<RouterContextProvider>, request: Request): MyStuffService {
  if (typeof document !== "undefined") {
    const url = new URL(request.url);
    throw redirectDocument(url.pathname + url.search);
  }
  return context.get(myStuffContext);
}

/** A my-stuff page: the navigation, its heading, a favourites failure if any (§8), its content. */
export function MyStuffPage({ title, children }: { title: string; children: ReactNode }) {
  const error = useClientSignal(favoritesError, null);
  return (
    <section className="page my-stuff">
      <MyStuffNav />
      <h1>{title}</h1>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** For a visitor: sign in (returning here) to keep their favourites, or create an account (`local`: what they see is this browser's). */
export function SignInInvitation({ returnTo, what = "your favourites", local = true }: { returnTo: string; what?: string; local?: boolean }) {
  return (
    <p className="my-stuff-invite" role="note">
      {local ? "These are kept in this browser only. " : null}
      <a href={signInHref(returnTo)}>Sign in to keep {what}</a> on every device, or <a href="/register">create an account</a>.
    </p>
  );
}

/** The signed-in customer's guid (the root's user), or null. */
export function useCustomerGuid(): string | null {
  // The root's data by shape (importing the root module's type would tie these pages to the whole layout).
  return useRouteLoaderData<{ user: { userGuid: string } | null }>("root")?.user?.userGuid ?? null;
}

/**
 * Whether a customer's favourite was taken out in this page (its heart un-pressed): only once the browser's
 * lists follow this customer (synced), so a row never looks removed before that.
 */
function useRemoved(isFavorite: (diamonds: readonly FavoriteDiamond[], settings: readonly FavoriteSetting[]) => boolean): boolean {
  const guid = useCustomerGuid();
  const owner = useClientSignal(favoritesOwner, null);
  const diamonds = useClientSignal(favoriteDiamonds, []);
  const settings = useClientSignal(favoriteSettings, []);
  return guid !== null && owner === guid && !isFavorite(diamonds, settings);
}

/** A diamond's line: shape, title and grades linking to its page, its price, its heart. */
export function DiamondLine({ d, children }: { d: FavoriteDiamond; children?: ReactNode }) {
  return (
    <li className="my-stuff-diamond" data-diamond-id={d.id}>
      <Link to={d.path} className="my-stuff-card-link">
        <ShapeImage shape={d.shape} size={64} alt="" />
        <span className="title">{d.title}</span>
        <span className="grades muted">{d.grades}</span>
      </Link>
      <strong className="price">{formatUsd(d.price)}</strong>
      {d.pairedDiamondId ? (
        <span className="muted">
          {" "}
          · with its matched pair, <Link to={`/diamond/${d.pairedDiamondId}`}>diamond {d.pairedDiamondId}</Link>
        </span>
      ) : null}
      <DiamondHeart diamond={d} />
      {children}
    </li>
  );
}

/** A server's diamond summary as a favourite's line shows it. */
export const lineOf = (d: DiamondSummary): FavoriteDiamond => favoriteDiamond(d);

/** "Sold" or "On hold" beside a diamond that cannot be bought now (docs/decisions/058-inventory-holds.md); nothing when it can. */
export function AvailabilityBadge({ d }: { d: Pick<DiamondSummary, "isSold" | "availability"> }) {
  const availability = diamondAvailability(d);
  if (availability === "available") return null;
  return <span className={`badge ${availability === "sold" ? "sold" : "on-hold"}`}> {AVAILABILITY_TEXT[availability]}</span>;
}

/** A customer's saved diamond (from the server), marked when removed in this page. */
export function SavedDiamondLine({ d, children }: { d: DiamondSummary; children?: ReactNode }) {
  const removed = useRemoved((list) => isFavoriteDiamond(list, d.id));
  return (
    <DiamondLine d={lineOf(d)}>
      <AvailabilityBadge d={d} />
      {removed ? <span className="muted removed"> Removed from my stuff</span> : null}
      {children}
    </DiamondLine>
  );
}

/** A setting or jewellery piece's card: image, name linking to its page, price, heart. */
export function SettingLine({ s, children }: { s: FavoriteSetting; children?: ReactNode }) {
  return (
    <li className="my-stuff-setting" data-setting-id={s.id}>
      <Link to={s.path} className="my-stuff-card-link">
        {s.image ? <img src={s.image} width={96} height={96} alt="" loading="lazy" /> : null}
        <span className="title">{s.name}</span>
      </Link>
      <strong className="price">{formatUsd(s.price)}</strong>
      <SettingHeart setting={s} />
      {children}
    </li>
  );
}

/** A customer's favourite setting or piece (from the server), marked when removed in this page. */
export function SavedSettingLine({ s }: { s: SavedSetting }) {
  const fav = favoriteSetting(s.setting, s.kind);
  const removed = useRemoved((_d, list) => isFavoriteSetting(list, s.kind, s.itemId));
  const sold = s.setting.metals.length > 0 && s.setting.metals.every((m) => m.isSold);
  return (
    <SettingLine s={{ ...fav, id: s.itemId }}>
      {sold ? <span className="badge sold"> No longer sold</span> : null}
      {removed ? <span className="muted removed"> Removed from my stuff</span> : null}
    </SettingLine>
  );
}

/** A visitor's favourite diamonds from this browser (empty on the server and until hydrated). */
export function LocalDiamonds({ empty }: { empty: ReactNode }) {
  return <FavoriteDiamondList list={useClientSignal(favoriteDiamonds, [])} empty={empty} />;
}

/** Favourite diamonds as the browser keeps them, or `empty`. */
export function FavoriteDiamondList({ list, empty }: { list: readonly FavoriteDiamond[]; empty: ReactNode }) {
  if (list.length === 0) return <>{empty}</>;
  return (
    <ul className="my-stuff-list" aria-label="Favourite diamonds">
      {list.map((d) => (
        <DiamondLine key={d.id} d={d} />
      ))}
    </ul>
  );
}

/** A visitor's favourite settings and jewellery of these kinds from this browser. */
export function LocalSettings({ kinds, empty, label }: { kinds: readonly FavoriteSettingKind[]; empty: ReactNode; label: string }) {
  return <FavoriteSettingList list={useClientSignal(favoriteSettings, [])} kinds={kinds} empty={empty} label={label} />;
}

/** Favourite settings and jewellery of these kinds as the browser keeps them, or `empty`. */
export function FavoriteSettingList(props: { list: readonly FavoriteSetting[]; kinds: readonly FavoriteSettingKind[]; empty: ReactNode; label: string }) {
  const { kinds, empty, label } = props;
  const list = props.list.filter((s) => kinds.includes(s.kind));
  if (list.length === 0) return <>{empty}</>;
  return (
    <ul className="my-stuff-list" aria-label={label}>
      {list.map((s) => (
        <SettingLine key={`${s.kind}-${s.id}`} s={s} />
      ))}
    </ul>
  );
}

/** A diamond summary's one-line description (for lists of similar stones and alert stones). */
export function DiamondLink({ d }: { d: DiamondSummary }) {
  return (
    <>
      <Link to={diamondPath(d)}>{diamondTitle(d)}</Link> <span className="muted">{gradeLine(d)}</span> <strong>{formatUsd(d.price)}</strong>
    </>
  );
}
