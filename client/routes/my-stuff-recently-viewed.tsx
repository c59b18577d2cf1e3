/**
 * `/my-stuff/recently-viewed` (§2 My stuff, §4, §9: 6 stored, 5 shown, newest first): the diamonds viewed in
 * this browser (client/state/viewing.ts); for a customer merged with the server's history (viewed on other
 * devices), this browser's first — its views are the newest here — then the server's, newest first.
 */
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { HistoryEntry } from "#shared/my-stuff/lists.ts";
import { RECENTLY_VIEWED_SHOWN } from "#shared/viewing.ts";
import { DiamondLine, MyStuffPage, SignInInvitation, lineOf, myStuffHandle, pageMyStuff } from "../components/my-stuff-parts";
import type { FavoriteDiamond } from "../state/favorites";
import { useClientSignal } from "../state/use-signal";
import { recentlyViewed, type ViewedDiamond } from "../state/viewing";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const mine = await pageMyStuff(context, request).mine();
  return { history: mine?.history ?? null };
}

export const handle = myStuffHandle("Recently viewed");

/** The list to show: this browser's views first, then the server's not among them (newest first), five of six. */
export function mergedHistory(local: readonly ViewedDiamond[], server: readonly HistoryEntry[]): FavoriteDiamond[] {
  const fromServer = [...server].sort((a, b) => b.viewedAt - a.viewedAt).map((h) => lineOf(h.diamond));
  const out: FavoriteDiamond[] = [];
  for (const d of [...local.map((v) => ({ ...v, pairedDiamondId: fromServer.find((s) => s.id === v.id)?.pairedDiamondId ?? null })), ...fromServer]) {
    if (!out.some((x) => x.id === d.id)) out.push(d);
  }
  return out.slice(0, RECENTLY_VIEWED_SHOWN);
}

export function Component() {
  const { history } = useLoaderData<typeof loader>();
  const list = mergedHistory(useClientSignal(recentlyViewed, []), history ?? []);
  return (
    <MyStuffPage title="Recently viewed">
      {history === null ? <SignInInvitation returnTo="/my-stuff/recently-viewed" what="what you viewed" /> : null}
      {list.length === 0 ? (
        <p>
          No diamonds viewed yet. Start with the <a href="/diamond-search">diamond search</a>.
        </p>
      ) : (
        <ul className="my-stuff-list" aria-label="Recently viewed diamonds">
          {list.map((d) => (
            <DiamondLine key={d.id} d={d} />
          ))}
        </ul>
      )}
    </MyStuffPage>
  );
}
