import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ExperimentAssignments, ExperimentReport } from "#shared/experiments/schemas.ts";
import { recordExposure } from "#worker/experiments/store.ts";
import { type RecordMessage, recordStatements } from "#worker/tracking/records.ts";
import type { TrackingMessage } from "#worker/tracking/messages.ts";
import { call, postJson, type ErrorBody } from "../helpers";
import { recordingQueue, trackedVisitor } from "../tracking/tracking-helpers";

const ADMIN = { authorization: "Bearer test-admin-token" };

/** A new visitor: its cookies (visitor id and experiment variants) and its assignments. */
async function newVisitor(query = "") {
  const res = await call(`/api/experiments/assignments${query}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const body = (await res.json()) as ExperimentAssignments;
  return { cookie, byName: new Map(body.experiments.map((e) => [e.name, e])) };
}

/** The visitor's assignments by name (with its cookies). */
async function assignmentsOf(cookie: string) {
  const body = (await (await call("/api/experiments/assignments", { headers: { cookie } })).json()) as ExperimentAssignments;
  return new Map(body.experiments.map((e) => [e.name, e]));
}

const report = async () => (await (await call("/api/experiments/report", { headers: ADMIN })).json()) as ExperimentReport;
const countsOf = async (name: string) => (await report()).experiments.find((e) => e.name === name)!.counts;

describe("experiment events (§4: once per experiment when active and started)", () => {
  it("puts the exposure on the tracking queue (stored once per visitor and variant by its consumer); refuses another variant, an experiment not running for them, unknown names and bad bodies", async () => {
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, "?exc=One_Trust_Script&exv=0");
    const { cookie, byName } = await newVisitor(`?exc=One_Trust_Script&exv=0`);
    const lock = byName.get("Lock_Price")!;
    const first = await v.post("/api/experiments/events", { name: "Lock_Price", variant: (await assignmentsOf(v.cookie)).get("Lock_Price")!.variant });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ queued: true });
    // The event came with the cookie the first response set: the variant is now decided by it.
    expect(q.messages).toEqual([
      { type: "exposure", visitorId: v.visitorId, experiment: "Lock_Price", variant: expect.any(Number), source: "cookie", at: expect.any(Number) },
    ]);
    // Stored once per visitor and variant, however often it comes (the consumer's write).
    const m = q.messages[0] as Extract<TrackingMessage, { type: "exposure" }>;
    expect(await recordExposure(env.DB, m.visitorId, m.experiment, m.variant, m.source, m.at)).toBe(true);
    expect(await recordExposure(env.DB, m.visitorId, m.experiment, m.variant, m.source, m.at + 1)).toBe(false);
    // The consent banner's visitor is held back until they answer.
    const banner = await trackedVisitor(q.queue, "?exc=One_Trust_Script&exv=1");
    const held = await banner.post("/api/experiments/events", { name: "Lock_Price", variant: (await assignmentsOf(banner.cookie)).get("Lock_Price")!.variant });
    expect(await held.json()).toEqual({ queued: false });
    expect(q.messages).toHaveLength(1);

    const other = await postJson("/api/experiments/events", { name: "Lock_Price", variant: 1 - lock.variant }, { cookie });
    expect(other.status).toBe(409);
    expect(((await other.json()) as ErrorBody).error.message).toBe(`Variant ${1 - lock.variant} is not this visitor's variant of Lock_Price`);
    const off = await postJson("/api/experiments/events", { name: "Dark_Mode_Toggle", variant: 0 }, { cookie });
    expect(off.status).toBe(409);
    expect(((await off.json()) as ErrorBody).error.message).toBe("Experiment Dark_Mode_Toggle is not running for this visitor");
    const notStarted = await postJson("/api/experiments/events", { name: "Ring_Viewer_360", variant: 0 }, { cookie });
    expect(notStarted.status).toBe(409);

    for (const body of [
      { name: "No_Such_Test", variant: 0 },
      { name: "Lock_Price", variant: 2 },
      { name: "Lock_Price" },
      { name: "x y", variant: 0 },
      { name: "Lock_Price", variant: 0, extra: 1 },
      "[1]",
      "{oops",
    ]) {
      const res = await postJson("/api/experiments/events", body, { cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe("bad_request");
    }
    const plain = await call("/api/experiments/events", { method: "POST", headers: { cookie, "content-type": "text/plain" }, body: "Lock_Price" });
    expect(plain.status).toBe(415);
  });

  it("counts, per variant, the visitors exposed and the add-to-cart and checkout events they made afterwards", async () => {
    const before = await countsOf("Sticky_Checkout_Button");
    // Forced into the test variant, exposed, then adds a diamond to the cart.
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, "?exc=Sticky_Checkout_Button,One_Trust_Script&exv=1,0");
    expect((await v.post("/api/experiments/events", { name: "Sticky_Checkout_Button", variant: 1 })).status).toBe(202);
    const d = await env.DB.prepare("SELECT id FROM diamonds WHERE is_sold = 0 ORDER BY id LIMIT 1").first<{ id: number }>();
    expect((await v.post("/api/cart", { type: "add-diamond", diamondId: d!.id })).status).toBe(200);
    // What the queue's consumer does with the exposure and the conversion (worker/tracking/records.ts).
    const records = q.messages.flatMap((body, i): RecordMessage[] =>
      body.type === "exposure" || body.type === "visitor-event" ? [{ id: `m${i}-${crypto.randomUUID()}`, body } as RecordMessage] : [],
    );
    await env.DB.batch(recordStatements(env.DB, records));
    expect(q.messages.map((m) => m.type).sort()).toEqual(["conversion", "exposure", "visitor-event"]);
    const after = await countsOf("Sticky_Checkout_Button");
    expect(after[1]).toEqual({ visitors: before[1].visitors + 1, addToCart: before[1].addToCart + 1, checkout: before[1].checkout });
    expect(after[0]).toEqual(before[0]);
  });
});

describe("marketer view and overrides (admin token)", () => {
  it("does not exist without the admin token: the report, the override calls and the page answer 404", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer wrong" }, { cookie: "loupe_admin=forged" }];
    for (const headers of attempts) {
      const res = await call("/api/experiments/report", { headers });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.code).toBe("not_found");
      expect((await call("/api/experiments/Lock_Price/override", { method: "DELETE", headers: { ...headers, origin: "https://loupe.test" } })).status).toBe(
        404,
      );
      expect((await call("/experiments", { headers })).status).toBe(404);
    }
    const fromAddress = await call("/experiments?token=test-admin-token");
    expect(fromAddress.status).toBe(404);
    expect(fromAddress.headers.getSetCookie().some((c) => c.startsWith("loupe_admin="))).toBe(false);
  });

  it("opens the page after the login form's 12-hour HttpOnly session and lists every experiment with states, links and counts", async () => {
    const login = await call("/operator/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
      body: "token=test-admin-token&to=%2Fexperiments",
    });
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/experiments");
    const session = login.headers.getSetCookie().find((c) => c.startsWith("loupe_admin="))!;
    expect(session).toMatch(/Max-Age=43200/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).not.toContain("test-admin-token");
    const page = await call("/experiments", { headers: { cookie: session.split(";")[0]! } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.match(/<tr data-experiment="/g)?.length).toBe(40);
    expect(html).toContain("https://loupe.test/diamond-search?exc=Sticky_Checkout_Button&amp;exv=1");
    expect(html).toMatch(/data-experiment="Dark_Mode_Toggle".*?data-state="inactive"/s);
    expect(html).toMatch(/data-experiment="Combine_Promotions_V2".*?data-state="scaled"/s);
    expect(html).toMatch(/data-experiment="Ring_Viewer_360".*?data-state="not-started"/s);
    expect(page.headers.get("cache-control")).toMatch(/private/);

    const r = await report();
    expect(r.experiments.find((e) => e.name === "Lock_Price")).toMatchObject({
      state: "running",
      links: ["https://loupe.test/cart?exc=Lock_Price&exv=0", "https://loupe.test/cart?exc=Lock_Price&exv=1"],
    });
  });

  it("applies an override from the content store without a deploy, refuses bad ones, ignores a broken stored row, and removes it", async () => {
    const put = (name: string, body: unknown) =>
      call(`/api/experiments/${name}/override`, { method: "PUT", headers: { ...ADMIN, "content-type": "application/json" }, body: JSON.stringify(body) });
    // A broken row written straight into the content store is ignored, never applied half.
    await env.DB.prepare(
      "INSERT OR REPLACE INTO experiment_overrides (name, fields, updated_at) VALUES ('Deal_Score_Badge', '{\"disabled\": \"yes\"}', 0)",
    ).run();
    expect((await put("Lock_Price", { disabled: true, active: false })).status).toBe(200);
    let v = await newVisitor();
    expect(v.byName.get("Lock_Price")).toMatchObject({ source: "disabled", variant: 0, running: false });
    expect(v.byName.get("Deal_Score_Badge")!.source).toBe("split");
    expect((await report()).experiments.find((e) => e.name === "Lock_Price")).toMatchObject({ state: "inactive", overridden: true });

    expect((await put("Lock_Price", { variant: 1 })).status).toBe(200);
    v = await newVisitor();
    expect(v.byName.get("Lock_Price")).toMatchObject({ source: "fixed", variant: 1, experience: 1 });

    for (const bad of [{}, { variant: 3 }, { cookie: "x" }, { startsAt: "soon" }]) expect((await put("Lock_Price", bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await put("No_Such_Test", { disabled: true })).status).toBe(404);

    expect((await call("/api/experiments/Lock_Price/override", { method: "DELETE", headers: ADMIN })).status).toBe(204);
    expect((await call("/api/experiments/Lock_Price/override", { method: "DELETE", headers: ADMIN })).status).toBe(404);
    v = await newVisitor();
    expect(v.byName.get("Lock_Price")!.source).toBe("split");
    await env.DB.prepare("DELETE FROM experiment_overrides WHERE name = 'Deal_Score_Badge'").run();
  });
});

describe("wired experiments on the API", () => {
  it("Promocode_Variation_Global: promoCodeVariation picks the codes offered on items and the running campaigns", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at, variation) VALUES ('TESTCTRL', 'control offer', 0, 0, 4102444800000, 0), ('TESTALT', 'alternative offer', 0, 0, 4102444800000, 1)",
      ),
      env.DB.prepare(
        "INSERT INTO promotion_rules (code, category, kind, value) VALUES ('TESTCTRL', 'lab-diamonds', 'percent', 40), ('TESTALT', 'lab-diamonds', 'percent', 45)",
      ),
      env.DB.prepare(
        "INSERT INTO promotion_groups (id, name, headline, promo_code, discount_percent, applies_to, starts_at, ends_at, variation) VALUES (90, 'Test control', 'h0', 'TESTCTRL', 40, '[\"lab-diamonds\"]', 0, 4102444800000, 0), (91, 'Test alternative', 'h1', 'TESTALT', 45, '[\"lab-diamonds\"]', 0, 4102444800000, 1)",
      ),
    ]);
    try {
      const lab = await env.DB.prepare("SELECT id, price_cents FROM diamonds WHERE is_lab_grown = 1 AND is_sold = 0 ORDER BY id LIMIT 1").first<{
        id: number;
        price_cents: number;
      }>();
      const offered = async (variation: string) =>
        (
          (await (await call(`/api/get-valid-promotion-code/${lab!.id}?promoCodeVariation=${variation}`)).json()) as {
            data: { data: { promoCode: string; amount: number } };
          }
        ).data.data;
      const control = await offered("0");
      const alternative = await offered("1");
      expect(control.promoCode).toBe("TESTCTRL");
      expect(alternative.promoCode).toBe("TESTALT");
      expect(Math.abs(control.amount - lab!.price_cents * 0.4)).toBeLessThanOrEqual(1);
      expect(Math.abs(alternative.amount - lab!.price_cents * 0.45)).toBeLessThanOrEqual(1);
      const diamond = (await (await call(`/api/diamonds/${lab!.id}?promoCodeVariation=1`)).json()) as { offeredPromotion: { promoCode: string } };
      expect(diamond.offeredPromotion.promoCode).toBe("TESTALT");
      const plain = (await (await call(`/api/diamonds/${lab!.id}`)).json()) as Record<string, unknown>;
      expect("offeredPromotion" in plain).toBe(false);
      const groups = async (q: string, cookie = "") =>
        ((await (await call(`/api/promotion-group${q}`, { headers: { cookie } })).json()) as { groups: { promoCode: string }[] }).groups.map(
          (g) => g.promoCode,
        );
      expect(await groups("?promoCodeVariation=0")).toContain("TESTCTRL");
      expect(await groups("?promoCodeVariation=0")).not.toContain("TESTALT");
      expect(await groups("?promoCodeVariation=1")).toContain("TESTALT");
      // Without the parameter the visitor's own variant decides (here forced by its cookie).
      expect(await groups("", "Promocode_Variation_Global=1")).toContain("TESTALT");
      expect((await call(`/api/promotion-group`)).headers.get("cache-control")).toBe("private, no-store");
      for (const bad of ["2", "x", ""]) expect((await call(`/api/get-valid-promotion-code/${lab!.id}?promoCodeVariation=${bad}`)).status).toBe(400);
    } finally {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM promotion_groups WHERE id IN (90, 91)"),
        env.DB.prepare("DELETE FROM promotion_rules WHERE code IN ('TESTCTRL', 'TESTALT')"),
        env.DB.prepare("DELETE FROM promotions WHERE code IN ('TESTCTRL', 'TESTALT')"),
      ]);
    }
  });

  it("Hide_Tariff_Alert_V2: the control fetches the tariff alert, the test variant the general one", async () => {
    const html = async (v: 0 | 1) => (await call("/compare", { headers: { cookie: `Hide_Tariff_Alert_V2=${v}` } })).text();
    expect(await html(0)).toContain('data-alert-id="tariff-2026"');
    expect(await html(1)).toContain('data-alert-id="holiday-shipping-2026"');
    const alert = await call("/api/content/traffic-alert/tariff-2026");
    expect(alert.status).toBe(200);
    expect(await alert.json()).toMatchObject({ id: "tariff-2026", link: { href: "/diamond-search" } });
    expect((await call("/api/content/traffic-alert/nope")).status).toBe(404);
    expect((await call("/api/content/traffic-alert/BAD_ID!")).status).toBe(400);
  });
});
