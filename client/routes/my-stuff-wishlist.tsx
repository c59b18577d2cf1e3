/**
 * `/my-stuff` (§2 My stuff, the wishlist; issue 19): everything kept — favourite diamonds, settings and
 * jewellery, and saved searches — each part linking to its own page. A customer's come from the server; a
 * visitor's favourites are this browser's, with an invitation to sign in to keep them.
 */
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import {
  LocalDiamonds,
  LocalSettings,
  MyStuffPage,
  SavedDiamondLine,
  SavedSettingLine,
  SignInInvitation,
  myStuffHandle,
  pageMyStuff,
} from "../components/my-stuff-parts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const mine = await pageMyStuff(context, request).mine();
  if (!mine) return { mine: null };
  // What the wishlist shows (the hydration data carries no orders or history).
  return {
    mine: {
      diamonds: mine.diamonds.map((s) => ({ id: s.userSavedDiamondId, diamond: s.diamond })),
      items: [...mine.settings, ...mine.jewelry],
      searches: mine.searches,
    },
  };
}

export const handle = myStuffHandle("My stuff");

function Part({ id, title, href, count, children }: { id: string; title: string; href: string; count?: number; children: React.ReactNode }) {
  return (
    <section className="my-stuff-part" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {title}
        {count !== undefined ? ` (${count})` : null}
      </h2>
      {children}
      <p>
        <a href={href}>{`See all ${title.toLowerCase()}`}</a>
      </p>
    </section>
  );
}

export function Component() {
  const { mine } = useLoaderData<typeof loader>();
  if (!mine) {
    return (
      <MyStuffPage title="My stuff">
        <SignInInvitation returnTo="/my-stuff" />
        <Part id="diamonds" title="Diamonds" href="/my-stuff/favorite">
          <LocalDiamonds empty={<p>No favourite diamonds yet.</p>} />
        </Part>
        <Part id="items" title="Settings & jewelry" href="/my-stuff/items">
          <LocalSettings kinds={["setting", "jewellery"]} empty={<p>No favourite settings or jewelry yet.</p>} label="Favourite settings and jewelry" />
        </Part>
      </MyStuffPage>
    );
  }
  return (
    <MyStuffPage title="My stuff">
      <Part id="diamonds" title="Diamonds" href="/my-stuff/favorite" count={mine.diamonds.length}>
        {mine.diamonds.length ? (
          <ul className="my-stuff-list" aria-label="Favourite diamonds">
            {mine.diamonds.map((s) => (
              <SavedDiamondLine key={s.id} d={s.diamond} />
            ))}
          </ul>
        ) : (
          <p>No favourite diamonds yet.</p>
        )}
      </Part>
      <Part id="items" title="Settings & jewelry" href="/my-stuff/items" count={mine.items.length}>
        {mine.items.length ? (
          <ul className="my-stuff-list" aria-label="Favourite settings and jewelry">
            {mine.items.map((s) => (
              <SavedSettingLine key={s.id} s={s} />
            ))}
          </ul>
        ) : (
          <p>No favourite settings or jewelry yet.</p>
        )}
      </Part>
      <Part id="searches" title="Saved searches" href="/my-stuff/alerts" count={mine.searches.length}>
        {mine.searches.length ? (
          <ul className="my-stuff-list" aria-label="Saved searches">
            {mine.searches.map((s) => (
              <li key={s.id}>
                <a href={s.link}>{s.name}</a> <span className="muted">{s.description}</span>
                {s.hasAlert ? <span className="badge"> Alert on</span> : null}
                {s.newMatches ? <strong>{` ${s.newMatches} new`}</strong> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>No saved searches yet.</p>
        )}
      </Part>
    </MyStuffPage>
  );
}
