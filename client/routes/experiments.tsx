import {
  Form,
  data,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouterContextProvider,
} from "react-router";
import type { ExperimentOverride } from "#shared/experiments/overrides.ts";
import type { ExperimentReportRow } from "#shared/experiments/schemas.ts";
import { marketerContext, type MarketerService } from "../experiments/marketer";
import type { RouteHandle } from "../route-handle";

/**
 * `/experiments`: the marketer view (admin token; anyone else gets the not-found page). Every experiment
 * with its §4 state, the rules that narrow it, your variant, ready exc/exv links, and per variant the
 * visitors exposed and their add-to-cart and checkout events. Pause, resume or fix a variant here: it is
 * stored in the content store (D1) and live within 30 s, without a deploy.
 */
/** The worker's service on the server; in the browser the admin calls (loaded with this page, not with every page). */
async function marketer(context: Readonly<RouterContextProvider>): Promise<MarketerService> {
  try {
    return context.get(marketerContext);
  } catch {
    return (await import("../experiments/marketer-client")).clientMarketer;
  }
}

export async function loader({ context }: LoaderFunctionArgs) {
  const report = await (await marketer(context)).report();
  if (!report) throw data("Not found", { status: 404 });
  return report;
}

const CHANGES: Record<string, ExperimentOverride | null> = {
  pause: { disabled: true, active: false },
  resume: { disabled: false, active: true },
  "fix-0": { variant: 0 },
  "fix-1": { variant: 1 },
  reset: null,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = String(form.get("name") ?? "");
  const change = String(form.get("change") ?? "");
  if (!(change in CHANGES) || !/^[A-Za-z0-9_]{1,64}$/.test(name)) return { name, message: "Choose an experiment and a change." };
  const r = await (await marketer(context)).setOverride(name, CHANGES[change]!);
  if (!r) throw data("Not found", { status: 404 });
  return { name, message: r.ok ? `${name}: saved. Live within 30 seconds.` : `${name}: ${r.message}` };
}

type ReportData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<ReportData> = {
  flags: { preventRobots: true, preventCouponPopup: true, hideOfferLauncher: true, footer: false },
  meta: () => ({ title: "Experiments — Loupe" }),
};

const STATE_LABEL: Record<ExperimentReportRow["state"], string> = {
  inactive: "Inactive",
  scaled: "Scaled",
  "not-started": "Not started",
  running: "Running",
};

const rate = (n: number, of: number) => (of ? ` (${((100 * n) / of).toFixed(1)}%)` : "");

function Row({ e }: { e: ExperimentReportRow }) {
  const busy = useNavigation().formData?.get("name") === e.name;
  return (
    <tr data-experiment={e.name}>
      <th scope="row">
        {e.name}
        <small>
          {e.category} · #{e.id}
          {e.overridden ? " · overridden" : ""}
        </small>
      </th>
      <td data-state={e.state}>
        {STATE_LABEL[e.state]}
        {e.rules.length ? <small>{e.rules.join(", ")}</small> : null}
      </td>
      <td>
        {e.yourVariant}{" "}
        <small>
          {e.yourSource}
          {e.targetsYou ? ", targets you" : ""}
        </small>
      </td>
      {e.counts.map((c, variant) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the variant (0 control, 1 test)
        <td key={variant} className="variant-cell">
          <a href={e.links[variant]}>{e.labels[variant]}</a>
          <small>
            exc={e.cookie}&amp;exv={variant}
          </small>
          <span data-count="visitors">{c.visitors} visitors</span>
          <span data-count="add-to-cart">
            {c.addToCart} add to cart{rate(c.addToCart, c.visitors)}
          </span>
          <span data-count="checkout">
            {c.checkout} checkouts{rate(c.checkout, c.visitors)}
          </span>
        </td>
      ))}
      <td>
        <Form method="post" className="experiment-actions">
          <input type="hidden" name="name" value={e.name} />
          <button type="submit" name="change" value={e.state === "inactive" ? "resume" : "pause"} disabled={busy}>
            {e.state === "inactive" ? "Resume" : "Pause"}
          </button>
          <button type="submit" name="change" value="fix-1" disabled={busy}>
            Fix test
          </button>
          <button type="submit" name="change" value="fix-0" disabled={busy}>
            Fix control
          </button>
          {e.overridden ? (
            <button type="submit" name="change" value="reset" disabled={busy}>
              Reset
            </button>
          ) : null}
        </Form>
      </td>
    </tr>
  );
}

export function Component() {
  const report = useLoaderData<ReportData>();
  const answer = useActionData<typeof action>();
  return (
    <article className="page experiments-page">
      <h1>Experiments</h1>
      <p>
        {report.experiments.length} experiments. Share a variant with its link: <code>?exc=&#123;cookie&#125;&amp;exv=&#123;0|1&#125;</code> sets the visitor’s
        cookie for 365 days. Visitors count the browsers that reported the variant; add to cart and checkouts count what they did after.
      </p>
      {answer ? <p role="status">{answer.message}</p> : null}
      <div className="table-scroll">
        <table className="experiments">
          <thead>
            <tr>
              <th scope="col">Experiment</th>
              <th scope="col">State</th>
              <th scope="col">Your variant</th>
              <th scope="col">Control (0)</th>
              <th scope="col">Test (1)</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {report.experiments.map((e) => (
              <Row key={e.name} e={e} />
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
