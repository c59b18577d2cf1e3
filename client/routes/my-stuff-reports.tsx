/**
 * `/my-stuff/reports` (§2 My stuff; issue 21 point 3): the customer's diamond reports, newest first, each with
 * its overall score, its deal score, its date and a link to it; none yet, a link to the report form; a
 * visitor, the invitation to sign in.
 */
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { MyStuffPage, SignInInvitation, myStuffHandle } from "../components/my-stuff-parts";
import { formatDay } from "../components/order-parts";
import { pageReports, scoreText } from "./diamond-report-parts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const reports = await pageReports(context, request).list();
  return { reports };
}

export const handle = myStuffHandle("Reports");

export function Component() {
  const { reports } = useLoaderData<typeof loader>();
  const none = (
    <p className="my-stuff-empty">
      No reports yet. <a href="/diamond-report">Get a report on a diamond</a>: its price against comparable stones listed today, its cut, whether it looks clean
      to the eye, and more.
    </p>
  );
  return (
    <MyStuffPage title="Reports">
      {reports === null ? (
        <>
          <SignInInvitation returnTo="/my-stuff/reports" what="your reports" local={false} />
          {none}
        </>
      ) : reports.length === 0 ? (
        none
      ) : (
        <>
          <ul className="my-stuff-list report-list" aria-label="Your reports">
            {reports.map((r) => (
              <li key={r.id} data-report-id={r.id}>
                <a href={`/diamond-report/${r.id}`} className="title">
                  {r.title}
                </a>
                <span className="report-list-scores">
                  Overall {scoreText(r.score)} of {scoreText(r.maxScore)} ·{" "}
                  {r.dealScore === null ? "no deal score" : `deal score ${scoreText(r.dealScore)} of 10`}
                </span>
                <span className="muted"> · {formatDay(r.createdAt)}</span>
              </li>
            ))}
          </ul>
          <p>
            <a href="/diamond-report">Get a report on another diamond</a>
          </p>
        </>
      )}
    </MyStuffPage>
  );
}
