/**
 * The report pages as the worker serves them (issue 21 point 3), fetched as HTML with the site's session
 * cookie and posted as forms without JavaScript: the landing prefilled from a real diamond, a visitor's post
 * sent to sign in, a customer's post making a report (303 to it), the report page private and never indexed,
 * another customer's report the not-found page (404), removal, the my-stuff list; and the landing's typed
 * fields read into the `POST Reports` body.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { reportRequestOf } from "#worker/loaders/reports.ts";
import type { ReportFormValues } from "#client/reports-context.ts";
import { call } from "../helpers";
import { confirmedUser, freshIp, signIn } from "../accounts/account-helpers";

const EMPTY: ReportFormValues = {
  certificateId: "",
  price: "",
  productUrl: "",
  origin: "",
  shape: "",
  carat: "",
  color: "",
  clarity: "",
  cut: "",
  fluorescence: "",
  lab: "",
  depthPct: "",
  tablePct: "",
  lwRatio: "",
};

/** A signed-in customer's session cookie. */
async function sessionCookie(tag: string): Promise<string> {
  return `__Host-loupe_session=${await signIn(await confirmedUser(tag))}`;
}

/** A page as a browser without JavaScript fetches it. */
const get = (path: string, cookie?: string) => call(path, { headers: cookie ? { cookie } : {} });

/** A form posted from this site. */
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  call(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://loupe.test",
      "cf-connecting-ip": freshIp(),
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

/** An available inventory diamond. */
async function available(): Promise<{ id: number; certificateId: string }> {
  return (await env.DB.prepare("SELECT id, certificate_id AS certificateId FROM diamonds WHERE is_sold = 0 ORDER BY id LIMIT 1").first<{
    id: number;
    certificateId: string;
  }>())!;
}

const reportIdOf = (res: Response) => Number(res.headers.get("location")?.match(/^\/diamond-report\/(\d+)$/)?.[1]);

describe("the landing's fields as the POST Reports body", () => {
  it("a certificate with a quoted price in dollars as typed", () => {
    const r = reportRequestOf("certificate", { ...EMPTY, certificateId: " GIA123 ", price: "$4,800.50", productUrl: "https://shop.example/d/1" });
    expect(r).toEqual({ ok: true, request: expect.objectContaining({ certificateId: "GIA123", price: 480_050, productUrl: "https://shop.example/d/1" }) });
  });

  it("a stone seen elsewhere: codes from the selects, optional fields null", () => {
    const r = reportRequestOf("stone", {
      ...EMPTY,
      origin: "lab",
      shape: "6",
      carat: "1.52",
      color: "3",
      clarity: "5",
      depthPct: "61.5",
      tablePct: "58",
      price: "2400",
    });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.request.price).toBe(240_000);
    expect(r.request.stone).toEqual({
      isLabGrown: true,
      shape: 6,
      carat: 1.52,
      color: 3,
      clarity: 5,
      cut: null,
      polish: null,
      symmetry: null,
      fluorescence: null,
      certificateLab: null,
      depthPct: 61.5,
      tablePct: 58,
      lwRatio: null,
      growthMethod: null,
      treated: null,
    });
  });

  it("names each missing or wrong field by the form's own names", () => {
    const missing = reportRequestOf("stone", { ...EMPTY, carat: "lots", lab: "9", lwRatio: "7" });
    if (missing.ok) throw new Error("accepted");
    const byField = Object.fromEntries(missing.problems.map((p) => [p.path, p.message]));
    expect(byField).toMatchObject({
      price: "Enter the price you were quoted.",
      origin: "Enter whether the stone is natural or lab-grown.",
      shape: "Enter the shape.",
      depthPct: "Enter the depth %.",
      carat: "carat must be a number",
      lwRatio: "ratio must be 0.80-3.00",
    });
    expect(byField.lab).toBeDefined();
    const noCertificate = reportRequestOf("certificate", EMPTY);
    expect(noCertificate).toEqual({ ok: false, problems: [{ path: "certificateId", message: "Enter the certificate number." }] });
  });
});

describe("/diamond-report", () => {
  it("prefills a real diamond's certificate from ?diamondId=, indexable, and sends a visitor's post to sign in with the inputs kept", async () => {
    const d = await available();
    const res = await get(`/diamond-report?diamondId=${d.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`id="certificate-certificateId"[^>]*value="${d.certificateId}"`));
    expect(html).not.toContain('name="robots"');
    const posted = await post("/diamond-report", { way: "certificate", certificateId: d.certificateId, price: "5000" });
    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get("location")!, "https://loupe.test");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("returnUrl")).toBe(`/diamond-report?certificateId=${d.certificateId}&price=5000`);
  });

  it("a customer's post makes the report: 303 to its page, private and never indexed; another customer gets the not-found page; removed, it is gone", async () => {
    const d = await available();
    const mine = await sessionCookie("reportpage");
    const made = await post("/diamond-report", { way: "certificate", certificateId: d.certificateId }, mine);
    expect(made.status).toBe(303);
    const id = reportIdOf(made);
    expect(id).toBeGreaterThan(0);

    const page = await get(`/diamond-report/${id}`, mine);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/private/);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const html = await page.text();
    expect(html).toContain("Deal score");
    expect(html).toContain("Score again with today&#x27;s listings");

    // The landing now links to it.
    expect(await (await get(`/diamond-report?diamondId=${d.id}`, mine)).text()).toContain(`href="/diamond-report/${id}"`);
    // Listed in my stuff.
    expect(await (await get("/my-stuff/reports", mine)).text()).toContain(`href="/diamond-report/${id}"`);

    const theirs = await get(`/diamond-report/${id}`, await sessionCookie("reportother"));
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toContain("Page not found");
    const nobody = await get(`/diamond-report/${id}`);
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toBe(`/login?returnUrl=%2Fdiamond-report%2F${id}`);

    const removed = await post(`/diamond-report/${id}`, { _intent: "remove" }, mine);
    expect(removed.status).toBe(303);
    expect(removed.headers.get("location")).toBe("/my-stuff/reports");
    expect((await get(`/diamond-report/${id}`, mine)).status).toBe(404);
  });

  it("an unknown certificate answers 404 with the way forward", async () => {
    const mine = await sessionCookie("reportunknown");
    const unknown = await post("/diamond-report", { way: "certificate", certificateId: "NOPE000000" }, mine);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("We don&#x27;t list a stone with certificate NOPE000000 — enter its characteristics below.");
  });

  it("a stone's wrong field answers 400 with the problem beside it", async () => {
    const mine = await sessionCookie("reportwrong");
    const wrong = await post(
      "/diamond-report",
      { way: "stone", origin: "natural", shape: "1", carat: "0.01", color: "4", clarity: "5", depthPct: "61", tablePct: "57", price: "3000" },
      mine,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('<p class="field-error" id="stone-carat-error">carat must be at least 0.10</p>');
  });
});
