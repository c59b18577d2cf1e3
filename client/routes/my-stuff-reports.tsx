/**
 * `/my-stuff/reports` (§2 My stuff): the customer's diamond reports. The reports issue fills it; until then
 * it says where reports will appear.
 */
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { MyStuffPage, SignInInvitation, myStuffHandle, pageMyStuff } from "../components/my-stuff-parts";
import { formatDay } from "../components/order-parts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const mine = await pageMyStuff(context, request).mine();
  return { reports: mine?.reports ?? null };
}

export const handle = myStuffHandle("Reports");

export function Component() {
  const { reports } = useLoaderData<typeof loader>();
  return (
    <MyStuffPage title="Reports">
      {reports === null ? <SignInInvitation returnTo="/my-stuff/reports" what="your reports" local={false} /> : null}
      {reports?.length ? (
        <ul className="my-stuff-list" aria-label="Your reports">
          {reports.map((r) => (
            <li key={`${r.diamondId}-${r.createdAt}`}>
              <a href={`/diamond/${r.diamondId}`}>{r.title}</a> · {`score ${r.score} of ${r.maxScore}`} · {formatDay(r.createdAt)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="my-stuff-empty">Reports you order appear here: an expert's look at a diamond's cut, light performance and value.</p>
      )}
    </MyStuffPage>
  );
}
