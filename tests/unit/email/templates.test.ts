/**
 * The email templates: every template has a subject, an HTML and a text body that both carry its links;
 * every value is escaped in HTML (and only http(s) links become links); marketing emails carry the
 * one-click unsubscribe headers and transactional ones none.
 */
import { describe, expect, it } from "vitest";
import { EMAIL_TEMPLATES, type EmailMessage, renderEmail } from "#worker/email/templates.ts";

const SITE = "https://loupe.test";

/** One message of every template, links with query strings (an `&` to escape). */
const SAMPLES: EmailMessage[] = [
  { to: "a@example.com", template: "confirm-email", data: { firstName: "Ada", link: `${SITE}/register/confirm?email=a%40example.com&stamp=s1` } },
  {
    to: "a@example.com",
    template: "already-registered",
    data: { firstName: "Ada", signInLink: `${SITE}/login?returnUrl=%2F&x=1`, resetLink: `${SITE}/forgot-password?email=a%40example.com&y=2` },
  },
  { to: "a@example.com", template: "link-facebook", data: { firstName: "Ada", link: `${SITE}/login/facebook/link?email=a%40example.com&facebookId=1&s=4` } },
  { to: "a@example.com", template: "reset-password", data: { firstName: "Ada", link: `${SITE}/reset?email=a%40example.com&stamp=s2` } },
  { to: "a@example.com", template: "password-changed", data: { firstName: "Ada", resetLink: `${SITE}/forgot-password?email=a%40example.com&z=3` } },
  { to: "a@example.com", template: "complete-account", data: { link: `${SITE}/register?complete=1&g=abc`, unsubscribeLink: `${SITE}/unsubscribe?u=abc&k=p` } },
  {
    to: "a@example.com",
    template: "welcome-offer",
    data: { code: "WELCOME100", shopLink: `${SITE}/diamond-search?a=1&b=2`, unsubscribeLink: `${SITE}/unsubscribe?u=def&k=m` },
  },
  {
    to: "a@example.com",
    template: "order-confirmation",
    data: {
      orderNumber: "LP0123456789",
      status: "paid",
      items: [{ name: "1.01 Carat Round Diamond & Band", quantity: 1, totalCents: 1234550 }],
      amountCents: 1311708,
      link: `${SITE}/orders/LP0123456789-abcdefghijklmnopqrstuv?a=1&b=2`,
    },
  },
  {
    to: "a@example.com",
    template: "alert-digest",
    data: {
      searches: [
        { title: "Round · 1–1.5 ct", link: `${SITE}/diamond-search/abc?a=1&b=2`, stones: [{ label: "1.01 ct Round G VS1", priceCents: 512300 }], more: 2 },
      ],
      priceDrops: [{ label: "0.9 ct Oval F SI1", fromCents: 300000, toCents: 280000 }],
      seeAllLink: `${SITE}/my-stuff/alerts?token=1.2.x&email=a%40example.com`,
      completeAccountLink: `${SITE}/register?complete=1&g=abc`,
      unsubscribeLink: `${SITE}/unsubscribe?u=ghi&k=a`,
    },
  },
  {
    to: "a@example.com",
    template: "wizard-recommendations",
    data: {
      budgetText: "a loose diamond up to $6,000",
      stones: [
        {
          title: "The biggest",
          label: "1.21 ct H SI1",
          priceCents: 598000,
          reason: "The largest H SI1 round under $6,000: 1.21 ct — colour & clarity you won't see face up.",
          link: `${SITE}/diamond/7/1.21ct-h-si1-ideal-round?a=1&b=2`,
        },
      ],
      searchLink: `${SITE}/quiz/results?searchId=abcdefghijklmnopqrstuv&x=1`,
      moreLink: `${SITE}/diamond-search/s?shape=round&price=0-6000`,
    },
  },
  {
    to: "a@example.com",
    template: "gemologist-review",
    data: {
      firstName: "Ada",
      title: "1.01 ct G VS1 Excellent Round",
      verdict: "Recommended",
      answer: "Bright & well cut: no visible inclusions.\n\nA fair price for its grades.",
      gemologist: "Maya Okafor",
      link: `${SITE}/diamond-report/7?a=1&b=2`,
    },
  },
  {
    to: "a@example.com",
    template: "missing-ring-size",
    data: {
      orderNumber: "LP0123456789",
      items: [{ name: "Solitaire & Halo Setting in Platinum" }],
      link: `${SITE}/orders/missing-ring-size/LP0123456789?key=abc&x=1`,
      guideLink: `${SITE}/faq?a=1&b=2#ring-size`,
    },
  },
  {
    to: "a@example.com",
    template: "order-expiry-reminder",
    data: { orderNumber: "LP0123456789", amountCents: 1311708, expiresAt: Date.UTC(2027, 2, 3, 14, 5), link: `${SITE}/orders/LP0123456789-abc?a=1&b=2` },
  },
  {
    to: "a@example.com",
    template: "order-expired",
    data: { orderNumber: "LP0123456789", items: [{ name: "1.01 Carat Round Diamond", quantity: 1 }], cartLink: `${SITE}/cart/0/0/7?wb=[1]&fj=[2]` },
  },
  {
    to: "a@example.com",
    template: "review-invitation",
    data: {
      orderNumber: "LP0123456789",
      firstName: "Ada",
      products: [
        {
          name: "Solitaire & 1.01 ct Round",
          ratingLinks: [1, 2, 3, 4, 5].map((n) => `${SITE}/orders/user-product-review/${n}/rr0123456789abcdef/abcdefghijklmnopqrstuv?a=1&b=2`),
        },
      ],
      surveyLink: `${SITE}/orders/survey/LP0123456789?key=abcdefghijklmnopqrstuv&x=1`,
      unsubscribeLink: `${SITE}/unsubscribe-user-review/LP0123456789/abcdefghijklmnopqrstuv?a=1&b=2`,
    },
  },
  {
    to: "a@example.com",
    template: "financing-decision",
    data: { orderNumber: "LP0123456789", outcome: "approved", amountCents: 1311708, link: `${SITE}/orders/LP0123456789-abcdefghijklmnopqrstuv?a=1&b=2` },
  },
  {
    to: "stones@retailer.example",
    template: "order-confirm-availability",
    data: {
      retailerName: "Bright & Co",
      orderNumber: "LP0123456789",
      stones: [{ lineId: "diamond", name: "1.01 ct G VS1 Excellent Round Diamond", sku: "GIA-2141438167" }],
      retailerId: 7,
      key: "abcdefghijklmnopqrstuv",
      confirmCall: `PUT ${SITE}/api/orders/confirm-order-items-availability/LP0123456789`,
      referenceLink: `${SITE}/api/openapi.json?a=1&b=2`,
    },
  },
  {
    to: "a@example.com",
    template: "order-item-unavailable",
    data: {
      orderNumber: "LP0123456789",
      items: [{ name: "1.01 ct G VS1 Excellent Round Diamond" }],
      link: `${SITE}/orders/substitute/LP0123456789?key=abc&x=1`,
    },
  },
  {
    to: "a@example.com",
    template: "order-shipped",
    data: {
      orderNumber: "LP0123456789",
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingLink: "https://www.ups.com/track?tracknum=1Z999AA10123456784&loc=en_US",
      link: `${SITE}/orders/LP0123456789-abcdefghijklmnopqrstuv?a=1&b=2`,
    },
  },
  {
    to: "ops@example.com",
    template: "operator-notice",
    data: {
      orderNumber: "LP0123456789",
      headline: "a capture was refunded automatically",
      lines: ["PayPal captured $1,234.00 after the order was cancelled.", "The refund is made."],
      link: `${SITE}/operator/orders/LP0123456789?a=1&b=2`,
    },
  },
  {
    to: "ada@example.com",
    template: "concierge-reply",
    data: { firstName: "Ada", operator: "Grace", answer: "Yes, it ships in 3 days.\n\nAnything else?", link: `${SITE}/diamond/123?a=1&b=2` },
  },
];

const escapedHref = (url: string) => url.replaceAll("&", "&amp;");
const linksOf = (message: EmailMessage) =>
  [...Object.values(message.data), ...(message.template === "alert-digest" ? message.data.searches.map((s) => s.link) : [])].filter(
    (v): v is string => typeof v === "string" && v.startsWith("https://"),
  );

describe("email templates", () => {
  it("has a sample here for every template", () => {
    expect(SAMPLES.map((s) => s.template).sort()).toEqual([...EMAIL_TEMPLATES].sort());
  });

  for (const message of SAMPLES) {
    describe(message.template, () => {
      const email = renderEmail(message);

      it("has a subject, a complete HTML document and a plain-text body", () => {
        expect(email.subject.length).toBeGreaterThan(5);
        expect(email.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
        expect(email.html).toContain(`<title>${email.subject}</title>`);
        expect(email.html).not.toMatch(/<script|<link|<img|<style/i);
        expect(email.text).not.toMatch(/<[a-z/][^>]*>/i);
        expect(email.text.length).toBeGreaterThan(50);
      });

      it("carries every link in both bodies: a button and a plain link in HTML, its own line in text", () => {
        const links = linksOf(message);
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) {
          expect(email.html).toContain(`href="${escapedHref(link)}"`);
          expect(email.text.split("\n")).toContain(link.startsWith(`${SITE}/unsubscribe`) ? `Unsubscribe: ${link}` : link);
          expect(email.links.map((l) => l.href)).toContain(link);
        }
        const isStar = (label: string) => /: \d stars?$/.test(label);
        for (const star of email.links.filter((l) => isStar(l.label))) {
          // A star of a one-click rating row: the stars are its text, what it does its accessible name.
          expect(email.html).toContain(`href="${escapedHref(star.href)}"`);
          expect(email.html).toContain(`aria-label="${star.label.replaceAll("&", "&amp;")}"`);
          expect(email.text).toContain(`${star.label.split(": ").pop()}: ${star.href}`);
        }
        for (const button of email.links.filter((l) => l.label !== "Unsubscribe" && !isStar(l.label))) {
          expect(email.html).toContain(`>${button.label}</a>`);
          expect(email.html).toContain(`>${escapedHref(button.href)}</a>`);
        }
      });
    });
  }

  it("states an order's items, exact amount, status and link", () => {
    const email = renderEmail(SAMPLES.find((s) => s.template === "order-confirmation")!);
    expect(email.subject).toBe("Your Loupe order LP0123456789");
    expect(email.text).toContain("1 × 1.01 Carat Round Diamond & Band: $12,345.50");
    expect(email.text).toContain("Amount: $13,117.08 (tax included)");
    expect(email.text).toContain("Status: paid");
    expect(email.html).toContain("1.01 Carat Round Diamond &amp; Band");
  });

  it("escapes every value in HTML, and keeps the text body literal", () => {
    const hostile = `<img src=x onerror="alert(1)"> & 'you'`;
    const email = renderEmail({ template: "confirm-email", data: { firstName: hostile, link: `${SITE}/register/confirm?a="><script>alert(1)</script>` } });
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<script");
    expect(email.html).toContain("Hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;you&#39;,");
    expect(email.html).toContain('href="https://loupe.test/register/confirm?a=&quot;&gt;&lt;script&gt;');
    expect(email.text).toContain(`Hi ${hostile},`);
  });

  it("makes only http(s) addresses links", () => {
    const email = renderEmail({ template: "reset-password", data: { firstName: "Ada", link: "javascript:alert(1)" } });
    expect(email.html).not.toContain('href="javascript:');
    expect(email.html).toContain('href="#"');
  });

  it("greets by first name, or without one", () => {
    expect(renderEmail(SAMPLES[0]!).text).toContain("Hi Ada,");
    expect(renderEmail({ template: "confirm-email", data: { firstName: " ", link: `${SITE}/x` } }).text).toContain("Hello,");
  });

  it("gives marketing emails the one-click unsubscribe headers and transactional ones none", () => {
    for (const message of SAMPLES) {
      const { headers } = renderEmail(message);
      if (
        message.template === "complete-account" ||
        message.template === "welcome-offer" ||
        message.template === "alert-digest" ||
        message.template === "review-invitation"
      ) {
        expect(headers).toEqual({ "List-Unsubscribe": `<${message.data.unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      } else {
        expect(headers).toEqual({});
      }
    }
  });

  it("sends the welcome offer without unsubscribe headers or link when it has no unsubscribe link", () => {
    const email = renderEmail({ template: "welcome-offer", data: { code: "WELCOME100", shopLink: `${SITE}/`, unsubscribeLink: null } });
    expect(email.headers).toEqual({});
    expect(email.text).not.toContain("Unsubscribe");
    expect(email.html).not.toContain("Unsubscribe");
    expect(email.text).toContain("    WELCOME100");
  });

  it("counts an alert digest's news by kind in its subject: diamonds (also when the kind is absent), settings, jewellery, price drops", () => {
    const search = (kind: "diamond" | "setting" | "jewellery" | undefined, stones: number, more: number) => ({
      title: "A search",
      ...(kind ? { kind } : {}),
      link: `${SITE}/s`,
      stones: Array.from({ length: stones }, (_, i) => ({ label: `Piece ${i}, 14K White Gold`, priceCents: 100_000 + i })),
      more,
    });
    const subject = (searches: ReturnType<typeof search>[], drops = 0) =>
      renderEmail({
        template: "alert-digest",
        data: {
          searches,
          priceDrops: Array.from({ length: drops }, () => ({ label: "0.9 ct Oval F SI1", fromCents: 300_000, toCents: 280_000 })),
          seeAllLink: `${SITE}/my-stuff/alerts`,
          completeAccountLink: null,
          unsubscribeLink: `${SITE}/unsubscribe`,
        },
      }).subject;
    expect(subject([search(undefined, 2, 0)])).toBe("Your Loupe alerts: 2 new diamonds");
    expect(subject([search("setting", 1, 0)])).toBe("Your Loupe alerts: 1 new setting");
    expect(subject([search("diamond", 1, 0), search("setting", 5, 2), search("jewellery", 1, 0)], 1)).toBe(
      "Your Loupe alerts: 1 new diamond, 7 new settings, 1 new piece of jewellery and 1 price drop",
    );
    const text = renderEmail({
      template: "alert-digest",
      data: { searches: [search("jewellery", 1, 0)], priceDrops: [], seeAllLink: `${SITE}/a`, completeAccountLink: null, unsubscribeLink: `${SITE}/u` },
    }).text;
    expect(text).toContain("Piece 0, 14K White Gold: $1,000.00");
  });
});
