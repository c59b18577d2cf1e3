/**
 * `/Home/UnsubscribeEmailAction?userGuid=…&type=…` (an email's unsubscribe link, also its `List-Unsubscribe`
 * header). Opening it changes nothing — mail scanners open every link — and shows whose emails these are and
 * one "Unsubscribe" button: a form that posts the link's parameters back to the same address (hidden fields).
 * The POST unsubscribes and shows the result; so does a mail client's one-click POST (RFC 8058: the body
 * `List-Unsubscribe=One-Click`, the parameters in the address). The link's user guid (122 random bits only the
 * user's own emails carry) is what proves it: a changed or unknown one answers 404, an unknown list 400, and
 * nothing changes. docs/decisions/053-email-limits-and-unsubscribe.md
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { GuidUser } from "#shared/accounts/schemas.ts";
import type { UnsubscribeList } from "../account-context";
import { AccountPage, accountHandle, pageAccount } from "../components/account-form";
import { LIST_LABEL, isGuid, listOf } from "../components/account-lists";

const NOT_VALID = "This unsubscribe link is not valid.";
const NOT_FOUND = "We could not find the subscription of this link. It may be out of date.";

type Refused = { ok: false; message: string };
type PageData = { ok: true; user: GuidUser; list: UnsubscribeList; userGuid: string } | Refused;
type Answer = { ok: true; label: string } | Refused;

/** The link's guid and list: a posted form's hidden fields first, else the address's query (one-click). */
function linkOf(request: Request, form?: FormData) {
  const q = new URL(request.url).searchParams;
  const value = (name: string) => {
    const posted = form?.get(name);
    return (typeof posted === "string" && posted.trim() ? posted : (q.get(name) ?? "")).trim();
  };
  return { userGuid: value("userGuid"), list: listOf(value("type") || value("list"), "marketing") };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userGuid, list } = linkOf(request);
  if (!list) return data<PageData>({ ok: false, message: NOT_VALID }, { status: 400 });
  const user = isGuid(userGuid) ? await pageAccount(context, request).userByGuid(userGuid) : null;
  if (!user) return data<PageData>({ ok: false, message: NOT_FOUND }, { status: 404 });
  return { ok: true, user, list, userGuid } satisfies PageData;
}

/** The button's post, or a mail client's one-click post: unsubscribes from the link's list. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => undefined);
  const { userGuid, list } = linkOf(request, form);
  if (!list) return data<Answer>({ ok: false, message: NOT_VALID }, { status: 400 });
  if (!isGuid(userGuid)) return data<Answer>({ ok: false, message: NOT_FOUND }, { status: 404 });
  const r = await pageAccount(context, request).unsubscribe(userGuid, list);
  if (!r.ok) return data<Answer>({ ok: false, message: r.kind === "not_found" ? NOT_FOUND : r.message }, { status: r.kind === "not_found" ? 404 : 400 });
  return { ok: true, label: LIST_LABEL[r.list] } satisfies Answer;
}

export const handle = accountHandle<PageData>((d) => (d?.ok && d.user.unsubscribed[d.list] ? "You are unsubscribed" : "Unsubscribe"));

function HomeLink() {
  return (
    <p className="account-links">
      <a href="/">Go to the home page</a>
    </p>
  );
}

export function Component() {
  const page = useLoaderData<PageData | undefined>();
  const answer = useActionData<Answer>();
  if (answer?.ok) {
    return (
      <AccountPage title="You are unsubscribed">
        <p className="form-notice" role="status">
          You will no longer receive {answer.label}.
        </p>
        <HomeLink />
      </AccountPage>
    );
  }
  const refused = answer ?? (page?.ok ? null : page);
  if (refused !== null || !page?.ok) {
    return (
      <AccountPage title="Unsubscribe">
        <p className="form-alert" role="alert">
          {refused?.message ?? NOT_VALID}
        </p>
        <HomeLink />
      </AccountPage>
    );
  }
  const { user, list, userGuid } = page;
  return (
    <AccountPage title="Unsubscribe">
      <p>
        Stop sending {LIST_LABEL[list]} to {user.firstName ? `${user.firstName} at ` : ""}
        <strong>{user.maskedEmail}</strong>?
      </p>
      {user.unsubscribed[list] ? <p className="form-notice">This address is already unsubscribed from these emails.</p> : null}
      <form method="post" className="account-form" aria-label="Unsubscribe">
        <input type="hidden" name="userGuid" value={userGuid} />
        <input type="hidden" name="type" value={list} />
        <button type="submit" className="primary">
          Unsubscribe
        </button>
      </form>
    </AccountPage>
  );
}
