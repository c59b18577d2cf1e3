/**
 * `/my-stuff/alerts` (§2 My stuff; issue 19): a customer's saved searches — name, filters in words, link,
 * the alert's switch (`PATCH my-stuff/searches/{id}`), delete, and how many stones arrived since the last
 * visit — and their favourites' price drops. With `?token=&email=` (an alert email's link) it shows that
 * email's stones, settings and jewellery pieces as they are now, no sign-in needed.
 */
import { useState } from "react";
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { AlertSection, AlertStones, DealAlerts, SavedSearchEntry } from "#shared/my-stuff/alerts.ts";
import { formatUsd } from "#shared/money.ts";
import { AvailabilityBadge, DiamondLink, MyStuffPage, SignInInvitation, myStuffHandle, pageMyStuff } from "../components/my-stuff-parts";

type AlertsData = { view: "stones"; stones: AlertStones | null } | { view: "alerts"; alerts: DealAlerts } | { view: "signed-out" };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<AlertsData | ReturnType<typeof data<AlertsData>>> {
  const url = new URL(request.url);
  const service = pageMyStuff(context, request);
  const token = url.searchParams.get("token");
  const email = url.searchParams.get("email");
  if (token !== null || email !== null) {
    const stones = token && email ? await service.alertStones(token, email) : null;
    return stones ? { view: "stones", stones } : data<AlertsData>({ view: "stones", stones: null }, { status: 404 });
  }
  const alerts = await service.alerts();
  return alerts ? { view: "alerts", alerts } : { view: "signed-out" };
}

export const handle = myStuffHandle("Alerts");

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One saved search: its switch and delete call the API; a failure is said beside it. */
function Search({ s, onDeleted }: { s: SavedSearchEntry; onDeleted: (id: number) => void }) {
  const [hasAlert, setHasAlert] = useState(s.hasAlert);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: (api: typeof import("../api")) => Promise<string | null>) => {
    setBusy(true);
    try {
      setError(await work(await import("../api")));
    } catch {
      setError("We could not reach Loupe. Try again.");
    }
    setBusy(false);
  };
  const toggle = () =>
    run(async ({ call }) => {
      const res = await call("PATCH /my-stuff/searches/{id}", { params: { id: String(s.id) }, body: { hasAlert: !hasAlert } });
      if (!res.ok) return res.error.message;
      setHasAlert(res.data.hasAlert);
      return null;
    });
  const remove = () =>
    run(async ({ call }) => {
      const res = await call("DELETE /my-stuff/searches/{id}", { params: { id: String(s.id) } });
      if (!res.ok && res.status !== 404) return res.error.message;
      onDeleted(s.id);
      return null;
    });
  return (
    <li className="my-stuff-search" data-search-id={s.id}>
      <h3>
        <a href={s.link}>{s.name}</a>
      </h3>
      {s.description ? <p className="muted">{s.description}</p> : null}
      <p className="my-stuff-news">
        {s.newMatches > 0 ? (
          <strong>{`${s.kind === "diamond" ? plural(s.newMatches, "new stone", "new stones") : plural(s.newMatches, "new piece", "new pieces")} since your last visit`}</strong>
        ) : (
          "Nothing new since your last visit"
        )}
      </p>
      <p className="my-stuff-search-actions">
        <button type="button" role="switch" aria-checked={hasAlert} disabled={busy} onClick={toggle}>
          {`Email alert: ${hasAlert ? "on" : "off"}`}
        </button>{" "}
        <button type="button" className="link-button" disabled={busy} onClick={remove} aria-label={`Delete the saved search ${s.name}`}>
          Delete
        </button>
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function Alerts({ alerts }: { alerts: DealAlerts }) {
  const [deleted, setDeleted] = useState<number[]>([]);
  const searches = alerts.searches.filter((s) => !deleted.includes(s.id));
  return (
    <>
      <section aria-labelledby="searches-heading">
        <h2 id="searches-heading">Saved searches</h2>
        {searches.length === 0 ? (
          <p>
            No saved searches. On the <a href="/diamond-search">diamond search</a> or a setting search, choose “Save search &amp; alert me”.
          </p>
        ) : (
          <ul className="my-stuff-list">
            {searches.map((s) => (
              <Search key={s.id} s={s} onDeleted={(id) => setDeleted((d) => [...d, id])} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="drops-heading">
        <h2 id="drops-heading">Price drops on your favourites</h2>
        {alerts.priceDrops.length === 0 ? (
          <p>No price drops on your favourite diamonds right now.</p>
        ) : (
          <ul className="my-stuff-list">
            {alerts.priceDrops.map((p) => (
              <li key={p.diamond.id} className="my-stuff-drop">
                <DiamondLink d={p.diamond} /> <span>{`was ${formatUsd(p.fromPrice)}: ${formatUsd(p.dropCents)} less (${p.dropPercent}%)`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** A setting or jewellery piece an alert told of: its name linking to its page, its price now (or sold). */
function Piece({ p }: { p: AlertSection["settings"][number] }) {
  const metal = p.metals[0];
  const sold = !metal || p.metals.every((m) => m.isSold);
  return (
    <li className="alert-piece" data-setting-id={p.id}>
      <a href={p.url}>{p.name}</a>
      {metal ? <span>{` ${metal.metalName}, ${formatUsd(metal.price)}`}</span> : null}
      {sold ? <span className="badge sold"> Sold</span> : null}
    </li>
  );
}

function Stones({ stones }: { stones: AlertStones }) {
  return (
    <>
      {stones.sections.map((section) => (
        <section key={section.title} className="alert-section">
          <h2>{section.link ? <a href={section.link}>{section.title}</a> : section.title}</h2>
          <ul className="my-stuff-list">
            {section.stones.map((s) => (
              <li key={s.diamond.id} className="alert-stone">
                <DiamondLink d={s.diamond} />
                <AvailabilityBadge d={s.diamond} />
                {s.reason === "price-drop" && s.fromPrice !== null ? <span>{` was ${formatUsd(s.fromPrice)}`}</span> : null}
              </li>
            ))}
            {section.settings.map((p) => (
              <Piece key={`s${p.id}`} p={p} />
            ))}
          </ul>
        </section>
      ))}
      {stones.completeAccountLink ? (
        <p>
          <a href={stones.completeAccountLink}>Complete your account</a> to keep your alerts and favourites in one place.
        </p>
      ) : null}
    </>
  );
}

export function Component() {
  const d = useLoaderData<AlertsData>();
  if (d.view === "stones") {
    return (
      <MyStuffPage title="Your alert">
        {d.stones ? (
          <Stones stones={d.stones} />
        ) : (
          <p role="alert">
            This alert link is not valid or has expired. <a href="/my-stuff/alerts">See your alerts</a> after signing in.
          </p>
        )}
      </MyStuffPage>
    );
  }
  if (d.view === "signed-out") {
    return (
      <MyStuffPage title="Alerts">
        <p>Save a search and we email you when new stones or pieces match it; favourite a diamond and we tell you when its price drops.</p>
        <SignInInvitation returnTo="/my-stuff/alerts" what="your saved searches and alerts" local={false} />
      </MyStuffPage>
    );
  }
  return (
    <MyStuffPage title="Alerts">
      <Alerts alerts={d.alerts} />
    </MyStuffPage>
  );
}
