/**
 * `/unsubscribe-user-review/{orderNumber}/{orderKey}` (§2; decision 037): the review email's unsubscribe link.
 * Opening it changes nothing (mail scanners open links); the "Unsubscribe" button posts the page (as does a mail
 * client's one-click List-Unsubscribe-Post) and the order — and this address's later orders — get no more
 * review emails. Idempotent; a wrong link is a 404.
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { statusOf } from "#shared/refusal.ts";
import { AccountPage, accountHandle } from "../components/account-form";
import { orderReviewsContext } from "../order-reviews-context";
import { serverService } from "../server-page";

type PageData = { found: true; orderNumber: string; reviewEmails: boolean } | { found: false };
type Answer = { ok: true } | { ok: false; message: string };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderNumber = params.orderNumber ?? "";
  const r = await serverService(context, request, orderReviewsContext).reviewEmails(orderNumber, params.orderKey ?? "");
  if (!r) return data<PageData>({ found: false }, { status: 404 });
  return { found: true, orderNumber, reviewEmails: r.reviewEmails } satisfies PageData;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const r = await serverService(context, request, orderReviewsContext).unsubscribe(params.orderNumber ?? "", params.orderKey ?? "");
  if (!r.ok) return data<Answer>({ ok: false, message: r.message }, { status: statusOf(r) });
  return { ok: true } satisfies Answer;
}

export const handle = accountHandle("Review emails");

export function Component() {
  const page = useLoaderData<PageData>();
  const answer = useActionData<Answer>();
  if (!page.found || (answer && !answer.ok)) {
    return (
      <AccountPage title="Review emails">
        <p className="form-alert" role="alert">
          We could not find the order of this link. Check that you opened the whole link from the email.
        </p>
      </AccountPage>
    );
  }
  if (answer?.ok) {
    return (
      <AccountPage title="You are unsubscribed">
        <p className="form-notice" role="status">
          {`We will not ask you to review order ${page.orderNumber}, nor your later orders, again.`}
        </p>
        <p className="account-links">
          <a href="/">Go to the home page</a>
        </p>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Review emails">
      <p>Stop the emails that ask you to review order {page.orderNumber} and your later orders?</p>
      {page.reviewEmails ? null : <p className="form-notice">This order already gets no review emails.</p>}
      <form method="post" className="account-form" aria-label="Unsubscribe from review emails">
        <button type="submit" className="primary">
          Unsubscribe
        </button>
      </form>
    </AccountPage>
  );
}
