/**
 * `/orders/user-product-review/{rating}/{reviewId}/{key}` (§2; decision 037): where a star of the delivered
 * order's email lands. The page opens with those stars already chosen and one "Submit review" button, with room
 * for a title and words. Opening the link changes nothing: mail scanners open every link of an email, and a
 * GET that recorded the rating would record whichever star a scanner followed last. The document form works
 * without JavaScript; a second submission edits the review. A rating other than 1–5 is a 400, a wrong link a 404.
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { ShopReviewView } from "#shared/orders/reviews.ts";
import { statusOf } from "#shared/refusal.ts";
import { AccountPage, accountHandle } from "../components/account-form";
import { ReviewFields, type ReviewProblems, reviewFate, reviewFormOf, reviewProblems } from "../components/review-form";
import { orderReviewsContext } from "../order-reviews-context";
import { serverService } from "../server-page";

type ReviewPageData = { state: "bad-rating" } | { state: "not-found" } | { state: "ok"; rating: number; product: string; review: ShopReviewView | null };

type Answer = { ok: true; review: ShopReviewView; product: string } | ({ ok: false } & ReviewProblems);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!/^[1-5]$/.test(params.rating ?? "")) return data<ReviewPageData>({ state: "bad-rating" }, { status: 400 });
  const page = await serverService(context, request, orderReviewsContext).reviewRequest(params.reviewId ?? "", params.key ?? "");
  if (!page) return data<ReviewPageData>({ state: "not-found" }, { status: 404 });
  return { state: "ok", rating: Number(params.rating), product: page.product, review: page.review } satisfies ReviewPageData;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = reviewFormOf(await request.formData());
  const service = serverService(context, request, orderReviewsContext);
  const r = await service.reviewProduct(params.reviewId ?? "", params.key ?? "", values);
  if (!r.ok) return data<Answer>({ ok: false, ...reviewProblems(r, values) }, { status: statusOf(r) });
  return { ok: true, review: r.review, product: r.review.product ?? "" } satisfies Answer;
}

export const handle = accountHandle("Review your purchase");

export function Component() {
  const page = useLoaderData<ReviewPageData>();
  const answer = useActionData<Answer>();
  if (page.state !== "ok") {
    return (
      <AccountPage title="Review your purchase">
        <p className="form-alert" role="alert">
          {page.state === "bad-rating"
            ? "A rating is 1 to 5 stars: this link asks for another number. Choose the stars in the email again."
            : "We could not find the purchase of this link. Check that you opened the whole link from the email."}
        </p>
        <p className="account-links">
          <a href="/reviews">Read our customers' reviews</a>
        </p>
      </AccountPage>
    );
  }
  if (answer?.ok) {
    return (
      <AccountPage title="Thank you for your review">
        <p className="form-notice" role="status">
          {`Your ${answer.review.rating}-star review of ${answer.product} is saved. ${reviewFate(answer.review)}`}
        </p>
        <p className="account-links">
          <a href="/reviews">See what other customers say</a>
        </p>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Review your purchase">
      <p>
        How do you like <strong>{page.product}</strong>? Your stars are chosen: add a few words if you like, then submit.
      </p>
      {page.review ? <p className="form-notice">You reviewed this before: submitting again replaces that review.</p> : null}
      {answer && !answer.ok ? (
        <p className="form-alert" role="alert">
          {answer.message}
        </p>
      ) : null}
      <form method="post" className="account-form review-form" aria-label="Your review">
        <ReviewFields idPrefix="product-review" rating={page.rating} review={page.review} problems={answer && !answer.ok ? answer : undefined} />
        <button type="submit" className="primary">
          Submit review
        </button>
      </form>
    </AccountPage>
  );
}
