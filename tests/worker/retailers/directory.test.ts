/**
 * The retailer directory from D1 (§7 Retailers, §4): `GET /api/retailers` with type, fields, embed and postalCode,
 * `GET /api/retailers/{slug}`, `GET /api/metro-areas/{id}`; hidden retailers and the one without a logo are absent,
 * while the search filters' list (no query) is unchanged.
 */
import { describe, expect, it } from "vitest";
import type { MetroAreaAnswer, RetailerAnswer, RetailerDirectory } from "#shared/retailers/schemas.ts";
import type { RetailerOption } from "#shared/schemas.ts";
import { call, type ErrorBody } from "../helpers";

const get = async <T>(path: string) => {
  const res = await call(path);
  return { status: res.status, body: (await res.json()) as T, res };
};

describe("GET /api/retailers (directory)", () => {
  it("without a query keeps the search filters' list (visible retailers, logo or not)", async () => {
    const { status, body } = await get<{ retailers: RetailerOption[] }>("/api/retailers");
    expect(status).toBe(200);
    expect(body.retailers).toHaveLength(22);
    expect(body.retailers[0]).toEqual({ id: expect.any(Number), name: expect.any(String), slugurl: expect.any(String), sells: expect.any(Array) });
  });

  it("type=all lists only visible retailers with a logo, every plain field, nothing embedded", async () => {
    const { status, body } = await get<RetailerDirectory>("/api/retailers?type=all");
    expect(status).toBe(200);
    const slugs = body.retailers.map((r) => r.slugurl);
    expect(slugs).toHaveLength(21);
    expect(slugs).not.toContain("wrenfield-brothers"); // hidden
    expect(slugs).not.toContain("glasswing-lab-diamonds"); // hidden
    expect(slugs).not.toContain("solenne-lab-jewels"); // no logo
    const first = body.retailers[0]!;
    expect(first.logoUrl).toMatch(/^\/images\/retailers\/.+\.svg$/);
    expect(first).toHaveProperty("postalCode");
    expect(first).not.toHaveProperty("features");
    expect(body.retailers.every((r) => r.status === 2)).toBe(true);
  });

  it("honours the field list and the embeds", async () => {
    const { body } = await get<RetailerDirectory>("/api/retailers?type=all&fields=name,slugurl&embed=features,ratings");
    for (const r of body.retailers) expect(Object.keys(r).sort()).toEqual(["features", "name", "ratings", "slugurl"]);
    const r = body.retailers[0]!;
    expect(r.features?.[0]).toEqual({ group: expect.any(String), name: expect.any(String), active: expect.any(Boolean) });
    expect(r.ratings?.map((x) => x.provider)).toEqual(expect.arrayContaining(["google", "trustpilot"]));
    const social = await get<RetailerDirectory>("/api/retailers?fields=id,sociallinks");
    expect(Object.keys(social.body.retailers[0]!).sort()).toEqual(["id", "sociallinks"]);
    expect(social.body.retailers[0]!.sociallinks?.[0]?.url).toMatch(/^https:\/\//);
  });

  it("filters by what they sell", async () => {
    const natural = (await get<RetailerDirectory>("/api/retailers?type=natural&fields=type")).body.retailers;
    const lab = (await get<RetailerDirectory>("/api/retailers?type=lab&fields=type")).body.retailers;
    expect(natural.length).toBeGreaterThan(0);
    expect(lab.length).toBeGreaterThan(0);
    expect(natural.every((r) => (r.type! & 1) === 1)).toBe(true);
    expect(lab.every((r) => (r.type! & 2) === 2)).toBe(true);
  });

  it("orders by distance from a postal code, nearest first, with miles", async () => {
    const { body } = await get<RetailerDirectory>("/api/retailers?postalCode=98109&fields=name,city");
    expect(body.location).toEqual({ postalCode: "98109", metro: "seattle", region: "WA" });
    expect(body.retailers[0]).toMatchObject({ name: "Maren O'Dell Fine Jewelry", city: "Seattle" });
    expect(body.retailers[1]?.city).toBe("Portland");
    const miles = body.retailers.map((r) => r.distance!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeLessThan(20);
    const east = (await get<RetailerDirectory>("/api/retailers?postalCode=02139&fields=city")).body.retailers;
    expect(east[0]?.city).toBe("Boston");
  });

  it("places a ZIP outside every metro by its ZIP3 region", async () => {
    const { body } = await get<RetailerDirectory>("/api/retailers?postalCode=59601&fields=city"); // Helena, MT
    expect(body.location).toEqual({ postalCode: "59601", metro: null, region: "MT" });
    expect(body.retailers[0]?.distance).toBeGreaterThan(0);
  });

  it.each([
    ["postalCode=1234", "postalCode"],
    ["postalCode=ABCDE", "postalCode"],
    ["postalCode=00012", "not a US mailing ZIP"],
    ["fields=name,shoeSize", 'unknown field "shoeSize"'],
    ["embed=diamonds", 'unknown embed "diamonds"'],
    ["type=both", "type must be all, natural or lab"],
  ])("refuses %s with a clear 400", async (query, message) => {
    const res = await call(`/api/retailers?${query}`);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect([error.message, ...(error.details ?? []).map((d) => d.message)].join(" ")).toContain(message);
  });
});

describe("GET /api/retailers/{slug}", () => {
  it("answers a shown retailer with the fields asked for", async () => {
    const { status, body } = await get<RetailerAnswer>("/api/retailers/copperbeech-jewellers?fields=name,city,state,postalCode&embed=sociallinks");
    expect(status).toBe(200);
    expect(body.retailer).toEqual({ name: "Copperbeech Jewellers", city: "Chicago", state: "IL", postalCode: "60602", sociallinks: expect.any(Array) });
    expect(body.fallback).toBeUndefined();
  });

  it.each(["no-such-retailer", "wrenfield-brothers", "solenne-lab-jewels"])("404s %s (unknown, hidden, or without a logo)", async (slug) => {
    const res = await call(`/api/retailers/${slug}`);
    expect(res.status).toBe(404);
  });

  it("refuses an unknown field", async () => {
    expect((await call("/api/retailers/copperbeech-jewellers?fields=colour")).status).toBe(400);
  });
});

describe("GET /api/metro-areas/{id}", () => {
  it("answers a metro by slug with the retailers near it, nearest first, and their listed stones", async () => {
    const { status, body } = await get<MetroAreaAnswer>("/api/metro-areas/new-york");
    expect(status).toBe(200);
    expect(body.metro).toMatchObject({ id: 1, name: "new-york", displayName: "New York City", state: "NY" });
    expect(body.metro.zip3).toContain("100");
    const names = body.retailers.map((r) => r.name);
    expect(names.slice(0, 3).sort()).toEqual(["Aldergate Diamonds", "Harrowgate Stone Co", "Oakhaven Diamond Exchange"]);
    expect(names).toContain("Morrow Lane Diamonds"); // Philadelphia, within 250 miles
    expect(names).not.toContain("Maren O'Dell Fine Jewelry");
    expect(body.retailers.some((r) => r.stones > 0)).toBe(true);
    const miles = body.retailers.map((r) => r.distance!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it("answers the same metro by id, and at least three retailers for a remote one", async () => {
    expect((await get<MetroAreaAnswer>("/api/metro-areas/1")).body.metro.name).toBe("new-york");
    const slc = (await get<MetroAreaAnswer>("/api/metro-areas/salt-lake-city")).body;
    expect(slc.retailers.length).toBeGreaterThanOrEqual(3);
  });

  it.each(["atlantis", "999"])("404s an unknown metro %s", async (id) => {
    expect((await call(`/api/metro-areas/${id}`)).status).toBe(404);
  });
});
