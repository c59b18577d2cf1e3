import { describe, expect, it } from "vitest";
import { FeedValidator } from "../../../scripts/import/map.ts";
import { planImport, planStatements, type ExistingRow } from "../../../scripts/import/plan.ts";
import { options, records } from "./import-helpers";

describe("plan", () => {
  const feed =
    "shape,carat,color,clarity,cut,price,lab,cert,x,y,z,depth,table\n" +
    "RB,1.01,G,VS1,Ideal,6200,GIA,A,6.42,6.45,3.98,61.8,57\n" +
    "RB,1.01,G,VS1,Ideal,6200,GIA,B,6.42,6.45,3.98,61.8,57\n" +
    "RB,1.01,G,VS1,Ideal,6200,GIA,C,6.42,6.45,3.98,61.8,57\n";

  function validated(text: string) {
    const { header, rows } = records(text);
    const v = new FeedValidator(options(header));
    for (const r of rows) v.add(r);
    return v;
  }

  it("inserts new stones, updates changed ones, records price changes, relists and marks absent stones sold", () => {
    const first = validated(feed);
    const p1 = planImport({ stones: first.stones, existing: [], seenKeys: first.seenKeys, retailerId: 1, full: true, now: 1000, firstNewId: 50 });
    expect(p1.inserts.map((r) => [r.id, r.certificate_id, r.is_sold, r.price_cents])).toEqual([
      [50, "A", 0, 620_000],
      [51, "B", 0, 620_000],
      [52, "C", 0, 620_000],
    ]);
    expect(p1.history).toHaveLength(3);
    expect(p1.inserts[0]).toMatchObject({ lw_ratio: 1, image_url: "/images/diamonds/round.svg", is_rc_ideal: 1, eye_clean: 1, updated_at: 1000 });

    // What D1 would hold, with B sold since, and D (another stone of the retailer) not in the feed.
    const stored: ExistingRow[] = p1.inserts.map((r) => ({ ...r, is_sold: r.certificate_id === "B" ? 1 : 0 }));
    stored.push({ ...p1.inserts[0]!, id: 60, certificate_id: "D" });
    const second = validated(feed.replace("6200,GIA,A", "5900,GIA,A").replace(/\nRB[^\n]*,C,[^\n]*/, "\nRB,1,G,VS1,Ideal,6200,XYZ,C,6.42,6.45,3.98,61.8,57"));
    const p2 = planImport({ stones: second.stones, existing: stored, seenKeys: second.seenKeys, retailerId: 1, full: true, now: 2000, firstNewId: 61 });
    expect(p2.inserts).toHaveLength(0);
    expect(p2.updates.map((r) => [r.id, r.price_cents, r.is_sold])).toEqual([
      [50, 590_000, 0],
      [51, 620_000, 0],
    ]);
    expect(p2.relisted).toBe(1);
    expect(p2.history).toEqual([{ diamond_id: 50, at: 2000, price_cents: 590_000, source: "import" }]);
    // C's row is rejected (unknown lab), so its key is unknown and C counts as absent, like D.
    expect(p2.sold.sort()).toEqual([52, 60]);
    const sql = planStatements(p2, 2000).flatMap((g) => g.statements);
    expect(sql[0]).toMatch(/^INSERT INTO diamonds \(id, retailer_id, certificate_lab, certificate_id, .*\) VALUES \(50,1,0,'A',/);
    expect(sql[0]).toContain(" ON CONFLICT (certificate_lab, certificate_id, retailer_id) DO UPDATE SET is_lab_grown = excluded.is_lab_grown, ");
    expect(sql[0]).not.toMatch(/SET .*\b(id|has_video|paired_diamond_id) = excluded/);
    expect(sql.at(-2)).toBe("UPDATE diamonds SET is_sold = 1, updated_at = 2000 WHERE id IN (52,60);");
    // Last, a new catalogue version: the search index reloads.
    expect(sql.at(-1)).toMatch(/^INSERT OR REPLACE INTO seed_meta \(key, value\) VALUES \('catalogue_version', '[\w-]+'\);$/);

    // The same feed again: nothing to write.
    const p3 = planImport({ stones: first.stones, existing: p1.inserts, seenKeys: first.seenKeys, retailerId: 1, full: false, now: 3000, firstNewId: 61 });
    expect([p3.inserts.length, p3.updates.length, p3.unchanged, p3.history.length]).toEqual([0, 0, 3, 0]);
  });

  it("does not mark a whole inventory sold when no row of a --full feed is valid", () => {
    const stored: ExistingRow[] = [{ id: 1, certificate_lab: 0, certificate_id: "A", is_sold: 0 }];
    const p = planImport({ stones: [], existing: stored, seenKeys: new Set(), retailerId: 1, full: true, now: 1, firstNewId: 2 });
    expect(p).toMatchObject({ sold: [], fullSkipped: true });
  });
});
