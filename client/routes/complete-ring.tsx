import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { FREE_STUDS_THRESHOLD_USD } from "#shared/cart/model.ts";
import { formatUsd } from "#shared/money.ts";
import { formatCents } from "#shared/cents.ts";
import { diamondPath } from "#shared/slug.ts";
import type { RouteHandle } from "../route-handle";
import { MetalSwitcher, PriceLine } from "../components/metal-switcher";
import { RingSizeOptions } from "../components/ring-size";
import { diamondTitle, gradeLine } from "../components/diamond-text";
import {
  type Problem,
  type PageDiamond,
  ringHref,
  earringsHref,
  type CompleteData,
  type RingData,
  type EarringsData,
  type CompleteActionData,
} from "./complete-ring-data";

export { action, loader } from "./complete-ring-data";

export const handle: RouteHandle<CompleteData> = {
  // The page may read the visitor's cart (the ring's setting): never a shared render; not for search engines.
  flags: { buyingFlow: true, preventRobots: true },
  meta: (d) => ({ title: d?.mode === "earrings" ? "Complete your earrings — Loupe" : "Complete your ring — Loupe" }),
};

function DiamondSummary({ d, pair = false }: { d: PageDiamond; pair?: boolean }) {
  return (
    <section className="cr-part cr-diamond" aria-label={pair ? "Your diamonds" : "Your diamond"}>
      <h2>{pair ? "Your diamonds" : "Your diamond"}</h2>
      <p>
        <Link to={diamondPath(d)}>{diamondTitle(d)}</Link> <span className="muted">{gradeLine(d)}</span>
      </p>
      {pair && d.pairedDiamond ? (
        <p>
          with its matched pair, <Link to={`/diamond/${d.pairedDiamond.id}`}>diamond {d.pairedDiamond.id}</Link>: {formatUsd(d.price)} +{" "}
          {formatUsd(d.pairedDiamond.price)}
        </p>
      ) : (
        <p className="cr-price">{formatUsd(d.price)}</p>
      )}
    </section>
  );
}

function ProblemNote({ problem }: { problem: Problem }) {
  return (
    <p className="cr-problem" role="note">
      {problem.message} {problem.link ? <Link to={problem.link.to}>{problem.link.text}</Link> : null}
    </p>
  );
}

function SizeSelect({ id, name, label, required }: { id: string; name: string; label: string; required: boolean }) {
  return (
    <label className="cr-size" htmlFor={id}>
      {label}{" "}
      <select id={id} name={name} required={required} defaultValue="">
        <RingSizeOptions />
      </select>
    </label>
  );
}

function Submit() {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className="sd-button" disabled={busy} aria-busy={busy}>
      Add to cart
    </button>
  );
}

function FormError() {
  const error = useActionData<CompleteActionData>()?.error;
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * The price lines, then the total with the Add to cart button (to the cent: the lines add up to it, decision 059): on phones that pair is a bar fixed to the bottom of
 * the screen, so the price and the button are always in view however long the form is (decision 047).
 */
function Lines({ lines, total }: { lines: { label: string; price: number }[]; total: number }) {
  return (
    <div className="cr-sum">
      <dl className="cr-total" aria-label="Price">
        {lines.map((l) => (
          <div key={l.label} className="fact">
            <dt>{l.label}</dt>
            <dd>{formatCents(l.price)}</dd>
          </div>
        ))}
      </dl>
      <div className="cr-checkout">
        <dl className="cr-total">
          <div className="fact cr-total-row">
            <dt>Total</dt>
            <dd data-testid="complete-total">{formatCents(total)}</dd>
          </div>
        </dl>
        <Submit />
      </div>
    </div>
  );
}

function RingPage({ d }: { d: RingData }) {
  const [withBand, setWithBand] = useState(false);
  const { diamond, setting: s } = d;
  if (!s || d.problem) {
    return (
      <article className="page narrow cr-page">
        <h1>Complete your ring</h1>
        <ProblemNote problem={d.problem!} />
        <DiamondSummary d={diamond} />
      </article>
    );
  }
  const v = s.selectedVariant;
  const band = s.matchingBand;
  const lines = [
    { label: `Setting: ${s.name} in ${v.metalName}`, price: v.price },
    { label: `Diamond: ${diamondTitle(diamond)}`, price: diamond.price },
    ...(band && withBand ? [{ label: `Matching band: ${band.name}`, price: band.price }] : []),
  ];
  return (
    <article className="page cr-page">
      <h1>Complete your ring</h1>
      <div className="cr-layout">
        <section className="cr-part cr-setting" aria-label="Your setting">
          <img src={v.images[0]} width={240} height={240} alt={`${s.name} in ${v.metalName}`} />
          <h2>
            <Link to={s.url}>{s.name}</Link>
          </h2>
          <MetalSwitcher metals={s.variants} current={s.metalId} href={(m) => ringHref(m, diamond.id, s.id)} />
          <PriceLine price={v.price} priceBeforeDiscount={v.priceBeforeDiscount} discountPercentage={v.discountPercentage} now={d.now} className="cr-price" />
        </section>
        <DiamondSummary d={diamond} />
      </div>
      {v.isSold ? (
        <p className="cr-problem" role="note">
          {v.metalName} is sold out: choose another metal.
        </p>
      ) : (
        <Form method="post" className="cr-form" aria-label="Add your ring to the cart">
          <input type="hidden" name="settingId" value={s.id} />
          <SizeSelect id="cr-ring-size" name="ringSize" label="Ring size" required />
          {band ? (
            <fieldset className="cr-band">
              <legend>Matching band</legend>
              <label>
                <input type="checkbox" name="band" value="yes" checked={withBand} onChange={(e) => setWithBand(e.currentTarget.checked)} /> Add the matching
                band <Link to={band.url}>{band.name}</Link> ({formatUsd(band.price)})
              </label>
              <SizeSelect id="cr-band-size" name="bandSize" label="Band size" required={withBand} />
            </fieldset>
          ) : null}
          <Lines lines={lines} total={lines.reduce((sum, l) => sum + l.price, 0)} />
          <FormError />
        </Form>
      )}
    </article>
  );
}

function EarringsPage({ d }: { d: EarringsData }) {
  const [chosen, setChosen] = useState(d.selected);
  const { diamond } = d;
  const stud = d.studs.find((x) => x.setting.id === chosen) ?? d.studs[0];
  if (d.problem || !stud || !diamond.pairedDiamond) {
    return (
      <article className="page narrow cr-page">
        <h1>Complete your earrings</h1>
        {d.problem ? <ProblemNote problem={d.problem} /> : null}
        <DiamondSummary d={diamond} pair />
      </article>
    );
  }
  const metal = stud.option.metal;
  const pairPrice = diamond.price + diamond.pairedDiamond.price;
  const lines = [
    { label: `Stud setting: ${stud.setting.name} in ${stud.option.metalName}`, price: stud.option.price },
    { label: `Diamond: ${diamondTitle(diamond)}`, price: diamond.price },
    { label: `Matched diamond ${diamond.pairedDiamond.id}`, price: diamond.pairedDiamond.price },
    // §9 free studs: with this much else in the cart, the cart gives one pair of stud settings free.
    ...(pairPrice >= FREE_STUDS_THRESHOLD_USD * 100
      ? [{ label: `Stud setting free with orders of ${formatUsd(FREE_STUDS_THRESHOLD_USD * 100)} or more`, price: -stud.option.price }]
      : []),
  ];
  return (
    <article className="page cr-page">
      <h1>Complete your earrings</h1>
      <DiamondSummary d={diamond} pair />
      <MetalSwitcher metals={d.metals} current={metal} href={(m) => earringsHref(m, diamond.id, stud.setting.id)} />
      <Form method="post" className="cr-form" aria-label="Add your earrings to the cart">
        <fieldset className="cr-studs">
          <legend>Stud setting</legend>
          <ul>
            {d.studs.map(({ setting, option }) => (
              <li key={setting.id}>
                <label>
                  <input type="radio" name="studVariantId" value={option.id} checked={setting.id === stud.setting.id} onChange={() => setChosen(setting.id)} />
                  {option.imagesUrl[0] ? <img src={option.imagesUrl[0]} width={56} height={56} alt="" loading="lazy" /> : null}
                  <span>{setting.name}</span> <strong>{formatUsd(option.price)}</strong>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <Lines lines={lines} total={lines.reduce((sum, l) => sum + l.price, 0)} />
        <FormError />
      </Form>
    </article>
  );
}

export function Component() {
  const d = useLoaderData<CompleteData>();
  return d.mode === "earrings" ? <EarringsPage d={d} /> : <RingPage d={d} />;
}
