import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { Diamond, DiamondSearchResponse } from "#shared/schemas.ts";
import { diamondSlug } from "#shared/slug.ts";
import { call, postJson, type ErrorBody } from "../helpers";

describe("POST /api/diamonds2", () => {
  it("applies the §9 defaults: 16 per page, natural+lab, $650-$20,000, default order, exact total", async () => {
    const res = await postJson("/api/diamonds2", {});
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/.+/);
    const body = (await res.json()) as DiamondSearchResponse;
    expect(body.pageSize).toBe(16);
    expect(body.diamonds).toHaveLength(16);
    const expected = await env.DB.prepare("SELECT COUNT(*) AS n FROM diamonds WHERE is_sold = 0 AND price_cents BETWEEN 65000 AND 2000000").first<{
      n: number;
    }>();
    expect(body.total).toBe(expected!.n);
    expect(body.diamonds.every((d) => d.price >= 65000 && d.price <= 2000000 && !d.isSold)).toBe(true);
  });

  it("filters by shape, colour, clarity, cut, carat, origin and price, and sorts", async () => {
    const res = await postJson("/api/diamonds2", {
      diamondShapes: [1, 6],
      colors: [3, 4, 5],
      clarities: [4, 5, 6],
      cuts: [0, 1],
      caratMin: 0.5,
      caratMax: 2.5,
      isLabGrown: true,
      priceMin: 300,
      priceMax: 50000,
      sortBy: "price",
      sortOrder: "desc",
      pageSize: 50,
    });
    const body = (await res.json()) as DiamondSearchResponse;
    expect(body.total).toBeGreaterThan(0);
    for (const d of body.diamonds) {
      expect([1, 6]).toContain(d.shape);
      expect([3, 4, 5]).toContain(d.color);
      expect([4, 5, 6]).toContain(d.clarity);
      // Ideal (0) includes the house grade, Loupe Ideal (4).
      expect([0, 1, 4]).toContain(d.cut);
      expect(d.carat).toBeGreaterThanOrEqual(0.5);
      expect(d.carat).toBeLessThanOrEqual(2.5);
      expect(d.isLabGrown).toBe(true);
    }
    const prices = body.diamonds.map((d) => d.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("pages without overlap", async () => {
    const a = (await (await postJson("/api/diamonds2", { pageNumber: 1 })).json()) as DiamondSearchResponse;
    const b = (await (await postJson("/api/diamonds2", { pageNumber: 2 })).json()) as DiamondSearchResponse;
    const ids = new Set(a.diamonds.map((d) => d.id));
    expect(b.diamonds.some((d) => ids.has(d.id))).toBe(false);
    expect(b.total).toBe(a.total);
  });

  it("answers bad input with 400 and the error envelope, never 500", async () => {
    const cases: unknown[] = [
      { pageSize: 5000 },
      { diamondShapes: [99] },
      { priceMin: 9000, priceMax: 10 },
      { sortBy: "DROP TABLE" },
      { unknownField: 1 },
      [],
      "null",
    ];
    for (const body of cases) {
      const res = await postJson("/api/diamonds2", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = (await res.json()) as ErrorBody;
      expect(err.error.code).toBe("bad_request");
      expect(err.error.message).toMatch(/invalid/i);
    }
  });

  it("rejects malformed JSON (400), other content types (415) and oversized bodies (413)", async () => {
    const bad = await postJson("/api/diamonds2", "{not json");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe("bad_request");
    const form = await call("/api/diamonds2", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(form.status).toBe(415);
    expect(((await form.json()) as ErrorBody).error.code).toBe("unsupported_media_type");
    const huge = await postJson("/api/diamonds2", JSON.stringify({ diamondShapes: [], pad: "x".repeat(100_000) }));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as ErrorBody).error.code).toBe("payload_too_large");
  });
});

describe("GET /api/diamonds/{id}", () => {
  it("returns every grading fact of a diamond", async () => {
    const row = await env.DB.prepare("SELECT id FROM diamonds WHERE is_sold = 0 ORDER BY id LIMIT 1").first<{ id: number }>();
    const res = await call(`/api/diamonds/${row!.id}?embed=retailer&promoCodeVariation=1&IsB2CDiamondSelected=true`);
    expect(res.status).toBe(200);
    const d = (await res.json()) as Diamond;
    expect(d.id).toBe(row!.id);
    expect(d.incomplete).toBe(false);
    expect(d.slug).toBe(diamondSlug(d));
    for (const key of [
      "certificateLab",
      "certificateId",
      "shape",
      "carat",
      "cut",
      "color",
      "clarity",
      "fluorescence",
      "polish",
      "symmetry",
      "depthPct",
      "tablePct",
      "measurements",
      "lwRatio",
      "eyeClean",
      "shippingDays",
      "price",
      "isSold",
      "retailer",
    ]) {
      expect(d, key).toHaveProperty(key);
    }
    expect(d.retailer.name.length).toBeGreaterThan(0);
    // Price history: oldest first, the last entry is today's price.
    expect(d.priceHistory.length).toBeGreaterThan(0);
    expect(d.priceHistory.map((h) => h.at)).toEqual([...d.priceHistory.map((h) => h.at)].sort((a, b) => a - b));
    expect(d.priceHistory[d.priceHistory.length - 1]!.price).toBe(d.price);
  });

  it("is 404 for an unknown id and 400 for a malformed one", async () => {
    const missing = await call("/api/diamonds/999999999");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error).toMatchObject({ code: "not_found" });
    for (const id of ["abc", "0", "-5", "1e9", "99999999999999999999"]) {
      const res = await call(`/api/diamonds/${id}`);
      expect(res.status, id).toBe(400);
    }
    const badQuery = await call("/api/diamonds/1000001?promoCodeVariation=7");
    expect(badQuery.status).toBe(400);
  });
});

describe("API conventions", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    const res = await call("/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(((await res.json()) as ErrorBody).error.code).toBe("not_found");
  });

  it("serves an OpenAPI document generated from the schemas", async () => {
    const res = await call("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/diamonds2", "/diamonds/{id}"]));
    const req = doc.components.schemas.DiamondSearchRequest!.properties!;
    expect(Object.keys(req)).toEqual(
      expect.arrayContaining([
        "pageNumber",
        "pageSize",
        "priceMin",
        "priceMax",
        "diamondShapes",
        "sortBy",
        "sortOrder",
        "shippingDays",
        "caratMin",
        "colors",
        "clarities",
        "cuts",
        "isLabGrown",
      ]),
    );
    // Every filter field is described, and the saved-search calls are listed.
    const described = doc.components.schemas.DiamondSearchRequest as { properties: Record<string, { description?: string }> };
    const filters = [
      "polishes",
      "symmetries",
      "fluorescences",
      "certificateLabs",
      "naturalDiamondRetailers",
      "labGrownDiamondRetailers",
      "shipsByHolidayDate",
      "depthMin",
      "tableMax",
      "ratioMin",
      "eyeClean",
      "hasImage",
      "hasVideo",
      "loupeIdeal",
      "certificateNumber",
      "includeFacets",
    ];
    for (const f of filters) expect(described.properties[f]?.description, f).toMatch(/\w/);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/diamond-filter", "/searches/{id}", "/diamonds", "/promotion-group", "/retailers"]));
    // The cart calls, with every intent of the one mutation body.
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/cart",
        "/orders/price-lock",
        "/care-plan/quote/cart",
        "/get-valid-promotion-code/{id}",
        "/settings/get-valid-promotion-code/{id}",
      ]),
    );
    const intents = JSON.stringify(doc.components.schemas.CartIntent);
    for (const t of [
      "add-diamond",
      "add-item",
      "remove",
      "update",
      "set-ring-size",
      "apply-promo",
      "set-engraving",
      "choose-care-plan",
      "set-addresses",
      "clear",
      "restore",
    ])
      expect(intents).toContain(`"${t}"`);
    expect(Object.keys(doc.components.schemas.CartView!.properties!)).toEqual(
      expect.arrayContaining(["EngagementRings", "WeddingBands", "LockedPrices", "RingSizeError", "InvalidDiscountMessage", "CarePlans", "Engravings"]),
    );
  });

  it("sets the visitor cookie (signed, 365 days) and echoes a request id", async () => {
    const res = await call("/api/diamonds/999999999");
    const cookies = res.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/loupe_vid=[^;]+\.[^;]+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    expect(cookies).toMatch(/loupe_new=1/);
    const again = await call("/api/diamonds/999999999", {
      headers: {
        cookie: cookies
          .split("\n")
          .map((c) => c.split(";")[0])
          .join("; "),
      },
    });
    expect(again.headers.getSetCookie().join("")).not.toMatch(/loupe_vid=/);
  });

  it("stores the theme preference from a plain form and returns to the page", async () => {
    const res = await call("/api/preferences/theme", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "theme=dark&returnTo=%2Fdiamond-search%3Fshape%3Doval",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/diamond-search?shape=oval");
    expect(res.headers.getSetCookie().join("")).toMatch(/loupe_theme=dark/);
    const evil = await call("/api/preferences/theme", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "theme=dark&returnTo=%2F%2Fevil.example",
    });
    expect(evil.headers.get("location")).toBe("/");
    const bad = await call("/api/preferences/theme", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "theme=purple",
    });
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/diamonds/get-similar", () => {
  it("returns at most 5 available diamonds of the same shape and origin, close in carat, colour and clarity", async () => {
    const d = await env.DB.prepare(
      "SELECT id, certificate_lab, is_lab_grown, shape, carat, cut, color, clarity FROM diamonds WHERE is_sold = 0 AND shape = 1 AND carat BETWEEN 0.9 AND 1.1 ORDER BY id LIMIT 1",
    ).first<{
      id: number;
      certificate_lab: number;
      is_lab_grown: number;
      shape: number;
      carat: number;
      cut: number;
      color: number;
      clarity: number;
    }>();
    const body = {
      id: d!.id,
      certificateLab: d!.certificate_lab,
      isLabGrown: d!.is_lab_grown === 1,
      shape: d!.shape,
      carat: d!.carat,
      cut: d!.cut,
      color: d!.color,
      clarity: d!.clarity,
    };
    const res = await postJson("/api/diamonds/get-similar", body);
    expect(res.status).toBe(200);
    const { diamonds } = (await res.json()) as { diamonds: DiamondSearchResponse["diamonds"] };
    expect(diamonds.length).toBeGreaterThan(0);
    expect(diamonds.length).toBeLessThanOrEqual(5);
    for (const s of diamonds) {
      expect(s.id).not.toBe(d!.id);
      expect(s.shape).toBe(d!.shape);
      expect(s.isLabGrown).toBe(d!.is_lab_grown === 1);
      expect(s.isSold).toBe(false);
      expect(Math.abs(s.carat - d!.carat)).toBeLessThanOrEqual(d!.carat * 0.15 + 1e-9);
      expect(Math.abs(s.color - d!.color)).toBeLessThanOrEqual(1);
      expect(Math.abs(s.clarity - d!.clarity)).toBeLessThanOrEqual(1);
    }
  });

  it("rejects bad bodies with 400 and field details", async () => {
    const res = await postJson("/api/diamonds/get-similar", { id: 1, isLabGrown: false, shape: 42, carat: 1, cut: 0, color: 3, clarity: 5 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toBe("shape");
  });
});

describe("GET /api/logging/diamonds/views/{id}", () => {
  it("counts views of an existing diamond and refuses unknown or malformed ids", async () => {
    const d = await env.DB.prepare("SELECT id FROM diamonds ORDER BY id DESC LIMIT 1").first<{ id: number }>();
    expect((await call(`/api/logging/diamonds/views/${d!.id}`)).status).toBe(204);
    expect((await call(`/api/logging/diamonds/views/${d!.id}`)).status).toBe(204);
    const row = await env.DB.prepare("SELECT views FROM diamond_views WHERE diamond_id = ?").bind(d!.id).first<{ views: number }>();
    expect(row!.views).toBe(2);
    expect((await call("/api/logging/diamonds/views/999999999")).status).toBe(404);
    expect((await call("/api/logging/diamonds/views/abc")).status).toBe(400);
  });
});
