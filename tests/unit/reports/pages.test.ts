/**
 * The report pages (issue 21 point 3) rendered on the server with a fake ReportsService: the landing's
 * explanation and two forms (prefilled from the query), its posts (303 to the report, sign-in with the inputs
 * kept, refusals beside the field or above the form with their status); a report with its sections, deal score
 * and comparables, gemologist review and removal; another customer's report is the not-found page; the
 * customer's list in my stuff.
 */
import { describe, expect, it } from "vitest";
import { refuse } from "#shared/refusal.ts";
import { NOW, attr, deal, fakeReports, mainOf, render, report, review, textOf } from "./pages-fake";

const page = async (path: string, fake = fakeReports(), options: { signedIn?: boolean; form?: Record<string, string> } = {}) => {
  const res = await render(fake.service, path, options);
  return { res, html: await res.text() };
};

const fieldTag = (html: string, id: string) => html.match(new RegExp(`<(?:input|select)[^>]*id="${id}"[^>]*>`))?.[0];

describe("/diamond-report, the landing", () => {
  it("explains the report, offers both ways in, is indexable with its canonical, and invites a visitor to sign in coming back here", async () => {
    const { res, html } = await page("/diamond-report", fakeReports({ signedIn: false }), { signedIn: false });
    expect(res.status).toBe(200);
    expect(html).not.toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('<link rel="canonical" href="http://loupe.test/diamond-report">');
    expect(html).toMatch(/<meta name="description" content="A free Loupe report/);
    const main = mainOf(html);
    const text = textOf(main);
    expect(main.match(/<h1[^>]*>([^<]*)</)?.[1]).toBe("Is it a good diamond at a good price?");
    for (const term of ["Price", "Cut and proportions", "Eye-clean verdict", "Fluorescence", "Certificate lab", "Growth method", "Retailer"])
      expect(text).toContain(term);
    expect(text).toContain("A stone we list");
    expect(text).toContain("A stone seen elsewhere");
    expect(main).toContain('href="/login?returnUrl=%2Fdiamond-report">Sign in</a>');
    for (const id of ["certificate-certificateId", "certificate-price", "stone-origin", "stone-shape", "stone-carat", "stone-depthPct", "stone-price"]) {
      expect(main, id).toContain(`for="${id}"`);
      expect(fieldTag(main, id), id).toBeDefined();
    }
    // Two document posts to the page itself.
    expect(main.match(/<form method="post"/g)).toHaveLength(2);
  });

  it("prefills the certificate from ?diamondId= and links a signed-in customer to their report on it", async () => {
    const fake = fakeReports();
    const main = mainOf((await page("/diamond-report?diamondId=40", fake)).html);
    expect(attr(fieldTag(main, "certificate-certificateId"), "value")).toBe("GIA40");
    expect(textOf(main)).toContain("You already have a report on this diamond: 1.01 ct G VS1 Excellent Round");
    expect(main).toContain('href="/diamond-report/7"');
    expect(main).not.toContain("Reports are kept in your account");
    expect(fake.argsOf("reportOnDiamond")).toEqual([[40]]);
  });

  it("prefills from the query (the way back from signing in), the stone form first for a stone", async () => {
    const main = mainOf((await page("/diamond-report?way=stone&origin=lab&shape=6&carat=1.5&price=2400&depthPct=62")).html);
    expect(main.indexOf("A stone seen elsewhere")).toBeLessThan(main.indexOf("A stone we list"));
    expect(attr(fieldTag(main, "stone-carat"), "value")).toBe("1.5");
    expect(main).toMatch(/<option value="lab" selected="">Lab-grown<\/option>/);
    expect(main).toMatch(/<option value="6" selected="">Oval<\/option>/);
  });

  it("a post makes the report and answers 303 to it", async () => {
    const fake = fakeReports();
    const { res } = await page("/diamond-report", fake, { form: { way: "certificate", certificateId: "GIA40", price: "4,800" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/diamond-report/7");
    const [[way, values]] = fake.argsOf("create") as [[string, Record<string, string>]];
    expect(way).toBe("certificate");
    expect(values).toMatchObject({ certificateId: "GIA40", price: "4,800", productUrl: "" });
  });

  it("a visitor's post goes to sign in, returning to the landing with what was typed", async () => {
    const { res } = await page("/diamond-report", fakeReports({ signedIn: false }), {
      signedIn: false,
      form: { way: "stone", origin: "natural", shape: "1", carat: "1.2", price: "7000" },
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, "http://loupe.test");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("returnUrl")).toBe("/diamond-report?way=stone&price=7000&origin=natural&shape=1&carat=1.2");
  });

  it("an unknown certificate: 404 and the message above the form, the number kept", async () => {
    const fake = fakeReports({ refuseCreate: refuse("not_found", "No inventory diamond has that certificate number") });
    const { res, html } = await page("/diamond-report", fake, { form: { way: "certificate", certificateId: "XYZ123" } });
    expect(res.status).toBe(404);
    const main = mainOf(html);
    expect(textOf(main)).toContain("We don't list a stone with certificate XYZ123 — enter its characteristics below.");
    expect(main).toMatch(/<p class="form-alert" role="alert">We don/);
    expect(attr(fieldTag(main, "certificate-certificateId"), "value")).toBe("XYZ123");
  });

  it("a field's problem beside the field (400, aria-invalid, described by it), the values kept; a limit above the form (409)", async () => {
    const bad = fakeReports({ refuseCreate: refuse("bad_request", "Check the fields marked below.", [{ path: "carat", message: "carat must be a number" }]) });
    const { res, html } = await page("/diamond-report", bad, { form: { way: "stone", carat: "lots", shape: "4" } });
    expect(res.status).toBe(400);
    const main = mainOf(html);
    const carat = fieldTag(main, "stone-carat");
    expect(attr(carat, "aria-invalid")).toBe("true");
    expect(attr(carat, "aria-describedby")).toContain("stone-carat-error");
    expect(main).toContain('<p class="field-error" id="stone-carat-error">carat must be a number</p>');
    expect(attr(carat, "value")).toBe("lots");
    expect(main).toMatch(/<option value="4" selected="">Emerald<\/option>/);
    // The other form is untouched.
    expect(attr(fieldTag(main, "certificate-price"), "aria-invalid")).toBeUndefined();

    const limited = fakeReports({ refuseCreate: refuse("conflict", "You have made 50 reports today; try again tomorrow.") });
    const over = await page("/diamond-report", limited, { form: { way: "certificate", certificateId: "GIA40" } });
    expect(over.res.status).toBe(409);
    expect(textOf(mainOf(over.html))).toContain("You have made 50 reports today; try again tomorrow.");
  });
});

describe("/diamond-report/{id}, the customer's report", () => {
  it("shows the title, price, overall score, each section with its rating and checklist, the deal score and its comparables; never indexed", async () => {
    const { res, html } = await page("/diamond-report/7");
    expect(res.status).toBe(200);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const main = mainOf(html);
    const text = textOf(main);
    expect(main.match(/<h1[^>]*>([^<]*)</)?.[1]).toBe("1.01 ct G VS1 Excellent Round");
    expect(text).toContain("$5,000");
    expect(text).toContain("Overall score: 8.5 of 10");
    expect(text).toContain("Eye clean Rating: 4 of 5");
    expect(text).toContain("Fair: Likely eye clean — VS1 at 1 ct rarely shows inclusions.");
    expect(text).toContain("Deal score: 8.8 of 10");
    expect(text).toContain("12% below the median of 214 comparable stones");
    expect(text).toContain("Comparable stones that cost more 88%");
    expect(text).toContain("Median price of comparable stones $5,680");
    const rows = main.match(/<tr data-diamond-id="\d+">/g);
    expect(rows).toHaveLength(2);
    expect(text).toContain("Brilliant Row $6,100 $6,000");
    expect(main).toContain(`href="${deal().searchUrl.replaceAll("&", "&amp;")}">See all 214 comparable stones</a>`);
    for (const intent of ["rescore", "review", "remove"]) expect(main).toContain(`name="_intent" value="${intent}"`);
    expect(text).toContain("Score again with today's listings");
  });

  it("a section with nothing known to rate says so instead of a score of 0", async () => {
    const unrated = {
      name: "price" as const,
      title: "Price",
      score: 0,
      maxScore: 0,
      checklist: [{ verdict: "unknown" as const, text: "Not scored", why: "Only 3 comparable stones are listed now." }],
    };
    const text = textOf(mainOf((await page("/diamond-report/7", fakeReports({ report: report({ sections: [unrated] }) }))).html));
    expect(text).toContain("Price Rating: Not rated");
    expect(text).not.toContain("Rating: 0 of 0");
  });

  it("a pending review says when to expect the answer (no second request); an answer shows its verdict, gemologist and date", async () => {
    const pending = textOf(mainOf((await page("/diamond-report/7", fakeReports({ report: report({ gemologistReviews: [review()] }) }))).html));
    expect(pending).toContain("A gemologist will answer within a working day; we'll email you.");
    expect(pending).not.toContain("Ask a gemologist");
    const answered = review({ status: "answered", verdict: "recommended", answer: "Bright and well cut.", gemologist: "Rosalind Franklin", answeredAt: NOW });
    const text = textOf(mainOf((await page("/diamond-report/7", fakeReports({ report: report({ gemologistReviews: [answered] }) }))).html));
    expect(text).toContain("Recommended — Rosalind Franklin, 3 November 2026");
    expect(text).toContain("Bright and well cut.");
  });

  it("another customer's report, an unknown or a malformed id is the not-found page (404); signed out, sign in returning here", async () => {
    for (const path of ["/diamond-report/8", "/diamond-report/0", "/diamond-report/abc"]) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(404);
      expect(mainOf(html)).toContain("Page not found");
    }
    const { res } = await page("/diamond-report/7", fakeReports({ signedIn: false }), { signedIn: false });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?returnUrl=%2Fdiamond-report%2F7");
  });

  it("scores again, asks a gemologist and removes with 303s; a refused review shows its message with its status", async () => {
    const fake = fakeReports();
    const rescored = await page("/diamond-report/7", fake, { form: { _intent: "rescore" } });
    expect(rescored.res.status).toBe(303);
    expect(rescored.res.headers.get("location")).toBe("/diamond-report/7?done=rescored#deal-score");
    const asked = await page("/diamond-report/7", fake, { form: { _intent: "review", productUrl: "https://shop.example/d/1" } });
    expect(asked.res.headers.get("location")).toBe("/diamond-report/7?done=review#gemologist");
    expect(fake.argsOf("requestReview")).toEqual([[7, "https://shop.example/d/1"]]);
    const removed = await page("/diamond-report/7", fake, { form: { _intent: "remove" } });
    expect(removed.res.status).toBe(303);
    expect(removed.res.headers.get("location")).toBe("/my-stuff/reports");
    expect(textOf(mainOf((await page("/diamond-report/7?done=rescored", fake)).html))).toContain("Scored again against today's listings.");

    const busy = fakeReports({ refuseReview: refuse("conflict", "A review of this report is already waiting for a gemologist") });
    const refused = await page("/diamond-report/7", busy, { form: { _intent: "review" } });
    expect(refused.res.status).toBe(409);
    expect(textOf(mainOf(refused.html))).toContain("A review of this report is already waiting for a gemologist");
    const elsewhere = await page("/diamond-report/8", fake, { form: { _intent: "remove" } });
    expect(elsewhere.res.status).toBe(404);
  });
});

describe("/my-stuff/reports", () => {
  it("lists the customer's reports as the service orders them, with the overall and deal scores, dates and links", async () => {
    const list = [
      { id: 9, title: "2.00 ct E VS2 Oval · Lab-grown", diamondId: null, createdAt: NOW, score: 7, maxScore: 10, dealScore: null },
      { id: 7, title: "1.01 ct G VS1 Excellent Round", diamondId: 40, createdAt: NOW - 86_400_000, score: 8.5, maxScore: 10, dealScore: 8.8 },
    ];
    const { res, html } = await page("/my-stuff/reports", fakeReports({ list }));
    expect(res.status).toBe(200);
    const main = mainOf(html);
    expect([...main.matchAll(/data-report-id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([9, 7]);
    const text = textOf(main);
    expect(text).toContain("2.00 ct E VS2 Oval · Lab-grown Overall 7 of 10 · no deal score · 3 November 2026");
    expect(text).toContain("1.01 ct G VS1 Excellent Round Overall 8.5 of 10 · deal score 8.8 of 10 · 2 November 2026");
    expect(main).toContain('href="/diamond-report/7"');
  });

  it("signed out: the invitation to sign in and a link to the report form", async () => {
    const text = textOf(mainOf((await page("/my-stuff/reports", fakeReports({ signedIn: false }), { signedIn: false })).html));
    expect(text).toContain("Sign in to keep your reports");
    expect(text).toContain("Get a report on a diamond");
  });
});
