/**
 * `/my-stuff/favorite-settings`, `/my-stuff/favorite-jewelry` and `/my-stuff/items` (§2 My stuff; issue 19):
 * favourite settings (rings and bands), favourite fine jewellery, and both together (items). A customer's
 * come from the server; a visitor's are this browser's, with an invitation to sign in.
 */
import { useLoaderData, useLocation, type LoaderFunctionArgs } from "react-router";
import type { SavedSetting } from "#shared/my-stuff/lists.ts";
import { LocalSettings, MyStuffPage, SavedSettingLine, SignInInvitation, myStuffHandle, pageMyStuff } from "../components/my-stuff-parts";
import type { FavoriteSettingKind } from "../state/favorites";

type Which = "settings" | "jewelry" | "items";

/** Which lists a path shows. */
function whichOf(pathname: string): Which {
  if (pathname.includes("favorite-settings")) return "settings";
  if (pathname.includes("favorite-jewelry")) return "jewelry";
  return "items";
}

const TITLES: Record<Which, string> = { settings: "Favourite settings", jewelry: "Favourite jewelry", items: "Favourite settings & jewelry" };
const KINDS: Record<Which, FavoriteSettingKind[]> = { settings: ["setting"], jewelry: ["jewellery"], items: ["setting", "jewellery"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const which = whichOf(new URL(request.url).pathname);
  const mine = await pageMyStuff(context, request).mine();
  const settings = which === "jewelry" ? [] : (mine?.settings ?? []);
  const jewelry = which === "settings" ? [] : (mine?.jewelry ?? []);
  return { which, signedIn: mine !== null, settings, jewelry };
}

export const handle = {
  ...myStuffHandle("Favourite settings & jewelry"),
  meta: (d: { which: Which } | undefined) => ({ title: `${TITLES[d?.which ?? "items"]} — Loupe` }),
};

function List({ label, list }: { label: string; list: SavedSetting[] }) {
  return (
    <ul className="my-stuff-list" aria-label={label}>
      {list.map((s) => (
        <SavedSettingLine key={s.id} s={s} />
      ))}
    </ul>
  );
}

export function Component() {
  const { which, signedIn, settings, jewelry } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const none = (
    <p>
      Nothing here yet. Press the heart on a <a href="/setting-search">setting</a> or a piece of <a href="/jewelry-search">fine jewelry</a> to keep it here.
    </p>
  );
  if (!signedIn) {
    return (
      <MyStuffPage title={TITLES[which]}>
        <SignInInvitation returnTo={pathname} />
        <LocalSettings kinds={KINDS[which]} empty={none} label={TITLES[which]} />
      </MyStuffPage>
    );
  }
  return (
    <MyStuffPage title={TITLES[which]}>
      {settings.length === 0 && jewelry.length === 0 ? none : null}
      {settings.length ? (
        <section aria-label="Settings">
          {which === "items" ? <h2>Settings</h2> : null}
          <List label="Favourite settings" list={settings} />
        </section>
      ) : null}
      {jewelry.length ? (
        <section aria-label="Jewelry">
          {which === "items" ? <h2>Jewelry</h2> : null}
          <List label="Favourite jewelry" list={jewelry} />
        </section>
      ) : null}
    </MyStuffPage>
  );
}
