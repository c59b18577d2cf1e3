/**
 * The shop's own reviews (issue 22 point 5; decision 037): the email's star link opens a page with those stars
 * chosen and changes nothing by itself; its form (or `order-product-review/submit`) stores the review, a second
 * submission edits it; `order-review/submit` reviews the order; a wrong key is a 404, 0 or 6 stars a 400; words
 * with a link wait for an operator; a published review appears in `GET reviews/verified`, the counts and /reviews.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ShopReviewView, VerifiedReviewPage } from "#shared/orders/reviews.ts";
import type { ReviewCounts } from "#shared/reviews.ts";
import type { SettingDetail } from "#shared/settings/schemas.ts";
import { jewelry } from "../../cart/cart-helpers";
import { call, type ErrorBody } from "../../helpers";
import { api, deliveredOrder, form, invitation, pathOf, requestOf, shippedOrder } from "./reviews-helpers";

const ADMIN = { authorization: "Bearer test-admin-token", "content-type": "application/json" };

const shopReviews = (orderNumber: string) =>
  env.DB.prepare("SELECT rating, title, body, status, author FROM shop_reviews WHERE order_number = ? ORDER BY id")
    .bind(orderNumber)
    .all<{ rating: number; title: string; body: string; status: string; author: string }>()
    .then((r) => r.results);

/** The radio checked in the page's star picker (its value), or null. */
const checkedStars = (html: string) => {
  const input = [...html.matchAll(/<input[^>]*name="rating"[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes('checked=""'));
  return input ? (/value="(\d)"/.exec(input)?.[1] ?? null) : null;
};

async function verified(path = "/api/reviews/verified/1/50") {
  return (await (await call(path)).json()) as VerifiedReviewPage;
}

describe("the one-click star link", () => {
  it("opens the page with those stars chosen and records nothing by itself; its Submit stores the review, a second edits it", async () => {
    const o = await deliveredOrder();
    const { products } = await invitation(o.email);
    const four = pathOf(products[0]!.ratingLinks[3]!);
    const page = await call(four);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(products[0]!.name);
    expect(checkedStars(html)).toBe("4");
    expect(html).toContain("Submit review");
    expect(html).toContain('name="robots" content="noindex"');
    // A mail scanner following all five links records nothing.
    for (const link of products[0]!.ratingLinks) expect((await call(pathOf(link))).status).toBe(200);
    expect(await shopReviews(o.orderNumber)).toEqual([]);

    const posted = await form(four, { rating: "4", title: "", text: "" });
    expect(posted.status).toBe(200);
    const thanks = await posted.text();
    expect(thanks).toContain("Thank you for your review");
    expect(await shopReviews(o.orderNumber)).toEqual([{ rating: 4, title: "", body: "", status: "rating", author: "Ada S." }]);

    // Opened again later (the 5-star link) with words: the same review, edited and now published.
    const again = await (await call(pathOf(products[0]!.ratingLinks[4]!))).text();
    expect(checkedStars(again)).toBe("5");
    expect(again).toContain("You reviewed this before");
    const edited = await form(pathOf(products[0]!.ratingLinks[4]!), { rating: "5", title: "Sparkles", text: "Even brighter than on the video." });
    expect(await edited.text()).toContain("It is now on our reviews page");
    expect(await shopReviews(o.orderNumber)).toEqual([
      { rating: 5, title: "Sparkles", body: "Even brighter than on the video.", status: "published", author: "Ada S." },
    ]);
  });

  it("a wrong key is a 404 (page, form and API); a rating of 0 or 6 is a 400", async () => {
    const o = await deliveredOrder();
    const { products } = await invitation(o.email);
    const { reviewId, key } = requestOf(products[0]!.ratingLinks[0]!);
    const wrong = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    expect((await call(`/orders/user-product-review/5/${reviewId}/${wrong}`)).status).toBe(404);
    expect((await form(`/orders/user-product-review/5/${reviewId}/${wrong}`, { rating: "5", text: "x" })).status).toBe(404);
    expect((await call(`/orders/user-product-review/5/rr0000000000000000/${key}`)).status).toBe(404);
    const res = await api("/orders/order-product-review/submit", { reviewId, key: wrong, rating: 5, text: "Lovely" });
    expect(res.status).toBe(404);

    for (const rating of ["0", "6"]) {
      const page = await call(`/orders/user-product-review/${rating}/${reviewId}/${key}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("A rating is 1 to 5 stars");
    }
    for (const rating of [0, 6, 4.5, "5"]) {
      const r = await api("/orders/order-product-review/submit", { reviewId, key, rating, text: "Lovely" });
      expect(r.status, String(rating)).toBe(400);
      expect(((await r.json()) as ErrorBody).error.details?.[0]?.path).toBe("rating");
    }
    // The page's form with a rating out of range: 400, the problem beside the stars, nothing stored.
    const bad = await form(`/orders/user-product-review/5/${reviewId}/${key}`, { rating: "6", text: "x" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("rating must be 1 to 5 stars");
    expect(await shopReviews(o.orderNumber)).toEqual([]);
  });

  it("order-product-review/submit stores one review per request however many arrive at once", async () => {
    const o = await deliveredOrder();
    const { reviewId, key } = requestOf((await invitation(o.email)).products[0]!.ratingLinks[0]!);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => api("/orders/order-product-review/submit", { reviewId, key, rating, title: "Fine", text: `${rating} stars` })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as ShopReviewView[];
    expect(bodies.filter((b) => !b.edited)).toHaveLength(1);
    expect(await shopReviews(o.orderNumber)).toHaveLength(1);
  });
});

describe("orders/order-product-review", () => {
  it("reads the link's product and the review written for it; a wrong key is a 404", async () => {
    const o = await deliveredOrder();
    const { products } = await invitation(o.email);
    const { reviewId, key } = requestOf(products[0]!.ratingLinks[0]!);
    const read = async (k: string) => call(`/api/orders/order-product-review?reviewId=${reviewId}&key=${k}`);
    const before = await read(key);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ reviewId, orderNumber: o.orderNumber, product: products[0]!.name, review: null });
    expect((await api("/orders/order-product-review/submit", { reviewId, key, rating: 3, text: "Good, not great." })).status).toBe(200);
    const after = (await (await read(key)).json()) as { review: ShopReviewView };
    expect(after.review).toMatchObject({ rating: 3, text: "Good, not great.", product: products[0]!.name });
    expect((await read(`${key.slice(0, -2)}xx`)).status).toBe(404);
  });
});

describe("the order's review", () => {
  it("order-review/submit reviews the order once delivered; a second submission edits it; before delivery 409", async () => {
    const early = await shippedOrder();
    const refused = await api("/orders/order-review/submit", { orderNumber: early.orderNumber, key: early.key, rating: 5, text: "Quick!" });
    expect(refused.status).toBe(409);

    const o = await deliveredOrder();
    const first = await api("/orders/order-review/submit", { orderNumber: o.orderNumber, key: o.key, rating: 3, text: "Slow to ship." });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ product: null, rating: 3, status: "published", edited: false });
    const second = await api("/orders/order-review/submit", {
      orderNumber: o.orderNumber,
      key: o.key,
      rating: 5,
      title: "Worth it",
      text: "Arrived in time after all.",
    });
    expect(await second.json()).toMatchObject({ rating: 5, title: "Worth it", edited: true });
    expect(await shopReviews(o.orderNumber)).toEqual([
      { rating: 5, title: "Worth it", body: "Arrived in time after all.", status: "published", author: "Ada S." },
    ]);
    expect((await api("/orders/order-review/submit", { orderNumber: o.orderNumber, key: `${o.key.slice(0, -1)}x`, rating: 5, text: "x" })).status).toBe(404);
    expect((await api("/orders/order-review/submit", { orderNumber: o.orderNumber, key: o.key, rating: 0, text: "x" })).status).toBe(400);
  });
});

describe("published reviews join the reviews pages", () => {
  it("a published review appears in GET reviews/verified, in the counts and on /reviews marked Verified purchase", async () => {
    const before = (await (await call("/api/reviews/count")).json()) as ReviewCounts;
    const o = await deliveredOrder();
    const { reviewId, key } = requestOf((await invitation(o.email)).products[0]!.ratingLinks[4]!);
    const text = `Exactly as described, order ${Date.now()}.`;
    expect((await api("/orders/order-product-review/submit", { reviewId, key, rating: 5, title: "Just right", text })).status).toBe(200);

    const page = await verified();
    const mine = page.reviews.find((r) => r.body === text);
    expect(mine).toMatchObject({ author: "Ada S.", rating: 5, title: "Just right", verifiedPurchase: true });
    expect(mine!.product).toBeTruthy();
    expect(JSON.stringify(page)).not.toContain(o.orderNumber);
    expect(JSON.stringify(page)).not.toContain(o.email);
    const after = (await (await call("/api/reviews/count")).json()) as ReviewCounts;
    expect(after.verified.count).toBe(before.verified.count + 1);
    expect(after.total.count).toBe(before.total.count + 1);
    expect(after.google).toEqual(before.google);

    const html = await (await call("/reviews")).text();
    expect(html).toContain(text);
    expect(html).toContain("Verified purchase");
    // The providers' alternation is untouched.
    expect([...html.matchAll(/data-provider="(\d)"/g)].map((m) => Number(m[1]))).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1]);
    // min filters the verified reviews too.
    expect((await verified("/api/reviews/verified/1/50?min=5")).reviews.some((r) => r.body === text)).toBe(true);
    expect((await call("/api/reviews/verified/1/50?min=6")).status).toBe(400);
  });

  it("a published review of a piece of jewellery shows on its page; its diamond's review does not", async () => {
    const [necklace] = await jewelry("Necklace", 1);
    const o = await deliveredOrder(undefined, necklace!.vid);
    const { products } = await invitation(o.email);
    expect(products).toHaveLength(2);
    const detailOf = async () => (await (await call(`/api/jewellery/jewellery-variant/${necklace!.vid}`)).json()) as SettingDetail;
    const { name } = await detailOf();
    const line = products.find((p) => p.name.includes(name))!;
    const text = `Catches the light at dinner ${Date.now()}.`;
    const { reviewId, key } = requestOf(line.ratingLinks[4]!);
    expect((await api("/orders/order-product-review/submit", { reviewId, key, rating: 5, title: "", text })).status).toBe(200);
    const other = requestOf(products.find((p) => p !== line)!.ratingLinks[3]!);
    expect((await api("/orders/order-product-review/submit", { ...other, rating: 4, title: "", text: "A bright stone." })).status).toBe(200);

    const detail = await detailOf();
    expect(detail.verifiedReviews?.map((r) => r.body)).toContain(text);
    expect(detail.verifiedReviews?.map((r) => r.body)).not.toContain("A bright stone.");
    const html = await (await call(detail.url)).text();
    expect(html).toContain("Reviews from customers who bought it");
    expect(html).toContain(text);
    expect(html).toContain("Verified purchase");
  });

  it("words with a link wait for an operator, who publishes or rejects them; stars alone are never shown", async () => {
    const o = await deliveredOrder();
    const text = `Compare at www.example.com ${Date.now()}`;
    const held = (await (await api("/orders/order-review/submit", { orderNumber: o.orderNumber, key: o.key, rating: 4, text })).json()) as ShopReviewView;
    expect(held.status).toBe("held");
    expect((await verified()).reviews.some((r) => r.body === text)).toBe(false);
    expect((await call("/api/orders/reviews/held")).status).toBe(404);
    const queue = (await (await call("/api/orders/reviews/held", { headers: ADMIN })).json()) as { reviews: ShopReviewView[] };
    expect(queue.reviews.map((r) => r.id)).toContain(held.id);

    const moderate = (decision: string) =>
      call(`/api/orders/reviews/${held.id}/moderate`, { method: "POST", headers: ADMIN, body: JSON.stringify({ decision }) });
    expect(((await (await moderate("publish")).json()) as ShopReviewView).status).toBe("published");
    expect((await verified()).reviews.some((r) => r.body === text)).toBe(true);
    expect(((await (await moderate("reject")).json()) as ShopReviewView).status).toBe("rejected");
    // Recorded as the operator who decided (locally the admin token's "local-admin").
    expect(await env.DB.prepare("SELECT moderated_by FROM shop_reviews WHERE id = ?").bind(held.id).first()).toEqual({ moderated_by: "operator:local-admin" });
    // The author's edit does not undo the rejection.
    await api("/orders/order-review/submit", { orderNumber: o.orderNumber, key: o.key, rating: 5, text: "Now without a link" });
    expect((await shopReviews(o.orderNumber))[0]!.status).toBe("rejected");
    expect((await verified()).reviews.some((r) => r.body === "Now without a link")).toBe(false);
    expect((await call("/api/orders/reviews/999999/moderate", { method: "POST", headers: ADMIN, body: '{"decision":"publish"}' })).status).toBe(404);
    // Stars without words: kept, never shown, and an operator cannot publish them.
    const { reviewId, key } = requestOf((await invitation(o.email)).products[0]!.ratingLinks[2]!);
    const stars = (await (await api("/orders/order-product-review/submit", { reviewId, key, rating: 3, text: "" })).json()) as ShopReviewView;
    expect(stars.status).toBe("rating");
    expect((await call(`/api/orders/reviews/${stars.id}/moderate`, { method: "POST", headers: ADMIN, body: '{"decision":"publish"}' })).status).toBe(404);
  });
});
