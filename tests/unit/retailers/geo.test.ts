/** Distances and postal-code placement of the retailer directory (shared/retailers/geo.ts) with the seeded metros. */
import { describe, expect, it } from "vitest";
import { METROS } from "#shared/content-seed/metros.ts";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import { distanceMiles, postalLocation } from "#shared/retailers/geo.ts";

const NYC = { latitude: 40.7128, longitude: -74.006 };
const LA = { latitude: 34.0522, longitude: -118.2437 };

describe("distanceMiles", () => {
  it("is about 2,445 miles from New York to Los Angeles, symmetric, and 0 to itself", () => {
    expect(distanceMiles(NYC, LA)).toBeGreaterThan(2430);
    expect(distanceMiles(NYC, LA)).toBeLessThan(2460);
    expect(distanceMiles(LA, NYC)).toBe(distanceMiles(NYC, LA));
    expect(distanceMiles(NYC, NYC)).toBe(0);
  });

  it("is about 190 miles from Boston to New York", () => {
    expect(distanceMiles({ latitude: 42.3601, longitude: -71.0589 }, NYC)).toBeCloseTo(190, -1);
  });
});

describe("postalLocation", () => {
  it("places a ZIP in a metro by its first three digits", () => {
    expect(postalLocation("10001", METROS)).toMatchObject({ metro: "new-york", region: "NY", latitude: 40.7128 });
    expect(postalLocation("94103-1234", METROS)).toMatchObject({ metro: "san-francisco", region: "CA" });
    expect(postalLocation(" 60614 ", METROS)).toMatchObject({ metro: "chicago", region: "IL" });
  });

  it("places a ZIP outside every metro at its ZIP3 region's centre", () => {
    expect(postalLocation("59601", METROS)).toEqual({ latitude: 46.3, longitude: -110.5, metro: null, region: "MT" });
    expect(postalLocation("99501", METROS)).toMatchObject({ metro: null, region: "AK" });
  });

  it.each(["", "1234", "123456", "ABCDE", "10001-12", "09001"])("refuses %j (not a US mailing ZIP)", (code) => {
    expect(postalLocation(code, METROS)).toBeNull();
  });
});

describe("the seeds", () => {
  it("gives every seeded retailer a US location inside a known ZIP3 region", () => {
    for (const r of generateRetailers()) {
      expect(r.postal_code).toMatch(/^\d{5}$/);
      expect(postalLocation(r.postal_code, METROS)).not.toBeNull();
      expect(r.latitude).toBeGreaterThan(20);
      expect(r.longitude).toBeLessThan(-60);
    }
  });

  it("has 25 metros with unique slugs and prefixes that no two metros share", () => {
    expect(METROS).toHaveLength(25);
    expect(new Set(METROS.map((m) => m.name)).size).toBe(25);
    const prefixes = METROS.flatMap((m) => m.zip3);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const m of METROS) expect(postalLocation(`${m.zip3[0]}01`, METROS)?.metro).toBe(m.name);
  });
});
