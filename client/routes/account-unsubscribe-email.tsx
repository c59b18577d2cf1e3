/**
 * `/Home/UnsubscribeEmailAction?userGuid=…&type=…` (the one-click link in an email): opening it unsubscribes
 * from that list, then the page confirms it with a link home. A link that is not valid says so.
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AccountPage, accountHandle, queryOf, pageAccount } from "../components/account-form";
import { LIST_LABEL, isGuid, listOf } from "../components/account-lists";

type OneClickData = { ok: true; label: string } | { ok: false; message: string };

/** Opening the link unsubscribes; so does a mail client's one-click POST to it (RFC 8058, `List-Unsubscribe-Post`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = queryOf(request, ["userGuid", "type", "list"]);
  const list = listOf(q.type || q.list, "marketing");
  if (!isGuid(q.userGuid) || !list) return data<OneClickData>({ ok: false, message: "This unsubscribe link is not valid." }, { status: 400 });
  const r = await pageAccount(context, request).unsubscribe(q.userGuid, list);
  if (!r.ok) {
    const message = r.kind === "not_found" ? "We could not find the subscription of this link. It may be out of date." : r.message;
    return data<OneClickData>({ ok: false, message }, { status: r.kind === "not_found" ? 404 : 400 });
  }
  return { ok: true, label: LIST_LABEL[r.list] } satisfies OneClickData;
}

export const action = ({ request, context, params }: ActionFunctionArgs) => loader({ request, context, params } as LoaderFunctionArgs);

export const handle = accountHandle<OneClickData>((d) => (d?.ok ? "You are unsubscribed" : "Unsubscribe"));

export function Component() {
  const posted = useActionData<OneClickData>();
  const opened = useLoaderData<OneClickData>();
  const d = posted ?? opened;
  return (
    <AccountPage title={d.ok ? "You are unsubscribed" : "Unsubscribe"}>
      {d.ok ? (
        <p role="status">You will no longer receive {d.label}.</p>
      ) : (
        <p className="form-alert" role="alert">
          {d.message}
        </p>
      )}
      <p className="account-links">
        <a href="/">Go to the home page</a>
      </p>
    </AccountPage>
  );
}
