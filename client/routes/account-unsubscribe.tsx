/**
 * `/unsubscribe?userGuid=…&list=marketing|partialAccount|insurance|orderReviews` (the link in an email's
 * footer): whose emails these are (first name, masked address) and an "Unsubscribe" button, a document post
 * that works without JavaScript; then the confirmation. An unknown guid answers 404 with a clear message.
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { GuidUser } from "#shared/accounts/schemas.ts";
import type { UnsubscribeList } from "../account-context";
import { AccountPage, FormMessages, accountHandle, queryOf, refusedForm, pageAccount, type FormAnswer } from "../components/account-form";
import { LIST_LABEL, isGuid, listOf } from "../components/account-lists";

interface UnsubscribeData {
  user: GuidUser | null;
  list: UnsubscribeList | null;
  userGuid: string;
}

/** The link's guid and list; null list for an unknown one. */
function linkOf(request: Request) {
  const q = queryOf(request, ["userGuid", "list"]);
  return { userGuid: q.userGuid, list: listOf(q.list, "marketing") };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userGuid, list } = linkOf(request);
  const user = isGuid(userGuid) ? await pageAccount(context, request).userByGuid(userGuid) : null;
  if (!user || !list) return data<UnsubscribeData>({ user: null, list, userGuid }, { status: user ? 400 : 404 });
  return { user, list, userGuid } satisfies UnsubscribeData;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { userGuid, list } = linkOf(request);
  if (!isGuid(userGuid) || !list)
    return data<FormAnswer>({ message: "This unsubscribe link is not valid.", kind: "bad_request", fields: {}, values: {}, notice: null }, { status: 400 });
  const r = await pageAccount(context, request).unsubscribe(userGuid, list);
  if (!r.ok) return refusedForm(r, [], {});
  return {
    message: null,
    kind: null,
    fields: {},
    values: {},
    notice: `You are unsubscribed. You will no longer receive ${LIST_LABEL[r.list]}.`,
  } satisfies FormAnswer;
}

export const handle = accountHandle("Unsubscribe");

export function Component() {
  const { user, list } = useLoaderData<UnsubscribeData>();
  const answer = useActionData<FormAnswer>();
  if (!user || !list) {
    return (
      <AccountPage title="Unsubscribe">
        <p className="form-alert" role="alert">
          {list ? "We could not find the subscription of this link. It may be out of date." : "This unsubscribe link is not valid."}
        </p>
        <p className="account-links">
          <a href="/">Go to the home page</a>
        </p>
      </AccountPage>
    );
  }
  if (answer?.notice) {
    return (
      <AccountPage title="You are unsubscribed">
        <FormMessages answer={answer} />
        <p className="account-links">
          <a href="/">Go to the home page</a>
        </p>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Unsubscribe">
      <p>
        Emails to {user.firstName ? `${user.firstName} at ` : ""}
        <strong>{user.maskedEmail}</strong>: {LIST_LABEL[list]}.
      </p>
      {user.unsubscribed[list] ? <p className="form-notice">This address is already unsubscribed from these emails.</p> : null}
      <FormMessages answer={answer} />
      <form method="post" className="account-form" aria-label="Unsubscribe">
        <button type="submit" className="primary">
          Unsubscribe
        </button>
      </form>
    </AccountPage>
  );
}
