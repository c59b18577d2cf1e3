/**
 * The quiz's pages as documents (issue 21 point 7; §2 /quiz/{step?}, §4 quiz completion): each step checks its
 * answer (a problem beside the field, or on to the next step with the answers in the query), the last step's
 * post saves a wizard search and sets the completion cookie once, the results show the picks and their reasons;
 * no site header, footer or announcement; only the first step is indexed.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "../helpers";

const ANSWERS = { budget: "6000", shape: "oval", origin: "lab", style: "halo", priority: "size" };

const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });

describe("the quiz's pages", () => {
  it("asks for the budget first, without the site's header, footer or announcement, and may be indexed", async () => {
    const res = await call("/quiz");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBeNull();
    const html = await res.text();
    expect(html).toContain("<h1");
    expect(html).toContain("What is your budget?");
    expect(html).toContain('<link rel="canonical" href="https://loupe.test/quiz"');
    expect(html).not.toContain('class="site-header');
    expect(html).not.toContain('class="site-footer');
    expect(html).not.toContain('class="announcement"');
    expect(html).toMatch(/data-coupon-popup="off"/);
    expect(html).toMatch(/data-offer-launcher="hidden"/);
    expect(html).toMatch(/data-google-sign-in="off"/);
  });

  it("shows a budget outside $300–$1,000,000 as a problem beside the field, and goes on with a good one", async () => {
    const bad = await (await call("/quiz?budget=120&go=1")).text();
    expect(bad).toContain('id="quiz-budget-error"');
    expect(bad).toContain("Enter a budget between $300 and $1,000,000.");
    expect(bad).toContain('aria-invalid="true"');
    const good = await call("/quiz?budget=%246%2C000&go=1");
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe("/quiz/shape?budget=%246%2C000");
  });

  it("sends a step whose earlier answers are missing back to the first one missing; later steps are not indexed", async () => {
    const res = await call("/quiz/style?budget=6000");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/quiz/shape?budget=6000");
    const shape = await call("/quiz/shape?budget=6000&go=1");
    expect(shape.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(await shape.text()).toContain("Choose a shape, or any shape.");
    expect((await call("/quiz/nope")).status).toBe(404);
  });

  it("saves the answers as a wizard search, sets the completion cookie once, and shows the picks with their reasons", async () => {
    const done = await postForm("/quiz/results", ANSWERS);
    expect(done.status).toBe(303);
    const location = done.headers.get("location")!;
    expect(location).toMatch(/^\/quiz\/results\?searchId=[A-Za-z0-9_-]{22}$/);
    const cookie = done.headers.getSetCookie().find((c) => c.startsWith("loupe_quiz_completed="))!;
    expect(cookie).toMatch(/loupe_quiz_completed=\d{13}; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const searchId = new URL(location, "https://loupe.test").searchParams.get("searchId")!;
    const row = await env.DB.prepare("SELECT source, email FROM wizard_searches WHERE id = ?").bind(searchId).first();
    expect(row).toEqual({ source: "quiz", email: null });

    const firstTime = cookie.split(";")[0]!;
    const page = await call(location, { headers: { cookie: firstTime } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Your diamond picks");
    expect(html).toContain("The biggest");
    expect(html).toMatch(/The largest [A-K] (FL|IF|VVS1|VVS2|VS1|VS2|SI1|SI2) lab-grown oval under \$\d/);
    expect(html).toContain('href="/diamond-search/s?');
    expect(html).toContain("See more like these");

    // Set once: a later quiz keeps the first completion's cookie.
    const again = await postForm("/quiz/results", ANSWERS, firstTime);
    expect(again.status).toBe(303);
    expect(again.headers.getSetCookie().filter((c) => c.startsWith("loupe_quiz_completed="))).toEqual([]);
  });

  it("takes the last step back to the first missing answer, and a ring budget too small back to the style step", async () => {
    const missing = await postForm("/quiz/results", { ...ANSWERS, origin: "" });
    expect(missing.headers.get("location")).toBe("/quiz/origin?budget=6000&shape=oval&style=halo&priority=size&go=1");
    const small = await postForm("/quiz/results", { ...ANSWERS, budget: "300" });
    expect(small.headers.get("location")).toContain("/quiz/style?");
    const html = await (await call(small.headers.get("location")!)).text();
    expect(html).toContain("This budget leaves too little for a stone once a setting of this style is paid for.");
  });

  it("emails the picks from the results page, and shows a bad email beside its field", async () => {
    const location = (await postForm("/quiz/results", { ...ANSWERS, style: "loose" })).headers.get("location")!;
    const bad = await postForm(location, { _intent: "email", email: "nope" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('id="quiz-email-error"');
    const ok = await postForm(location, { _intent: "email", email: "quiz.page@example.com" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`${location}&emailed=1`);
    const sent = await env.DB.prepare("SELECT template FROM email_outbox WHERE recipient = 'quiz.page@example.com'").first();
    expect(sent).toEqual({ template: "wizard-recommendations" });
    expect(await (await call(ok.headers.get("location")!)).text()).toContain("We have emailed these picks to you.");
  });
});
