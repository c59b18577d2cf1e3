import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { SettingDetail } from "#shared/settings/schemas.ts";
import { catalogue, getJson, oracle, search } from "./settings-helpers";

// First in the file on purpose: the worker keeps the offered promotions per isolate for 30 s, so the codes
// inserted here must be in D1 before any other call of this file has read them (each test file has its own isolate).
describe("promo codes on setting cards (Promocode_Variation_Global)", () => {
  interface PromoRow {
    code: string;
    min_subtotal_cents: number;
    variation: number | null;
  }
  interface RuleRow {
    code: string;
    category: string | null;
    kind: "percent" | "amount";
    value: number;
  }

  /** The running codes offered to a variant that take the most off one ring setting at this price (card promoCode). */
  async function offerOracle(variation: 0 | 1, now: number): Promise<(priceCents: number) => { amount: number; percentage: number | null } | null> {
    const promos = (
      await env.DB.prepare(
        "SELECT code, min_subtotal_cents, variation FROM promotions WHERE starts_at <= ? AND ends_at > ? AND (variation IS NULL OR variation = ?) ORDER BY code",
      )
        .bind(now, now, variation)
        .all<PromoRow>()
    ).results;
    const rules = (await env.DB.prepare("SELECT code, category, kind, value FROM promotion_rules ORDER BY rowid").all<RuleRow>()).results;
    return (price) => {
      let best: { amount: number; percentage: number | null } | null = null;
      for (const p of promos) {
        if (price < p.min_subtotal_cents) continue;
        const applying = rules.filter((r) => r.code === p.code && (r.category === null || r.category === "settings"));
        const amount = Math.min(
          price,
          applying.reduce((a, r) => a + (r.kind === "percent" ? Math.floor((price * r.value) / 100) : Math.min(r.value, price)), 0),
        );
        if (amount > 0 && (!best || amount > best.amount)) best = { amount, percentage: applying[0]!.kind === "percent" ? applying[0]!.value : null };
      }
      return best;
    };
  }

  it("follows the codes offered to the asked variant: promoCodeVariation 0 and 1 get different codes on the same cards", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at, variation) VALUES ('TESTSET0', 'control', 0, 0, 4102444800000, 0), ('TESTSET1', 'alternative', 0, 0, 4102444800000, 1)",
      ),
      env.DB.prepare(
        "INSERT INTO promotion_rules (code, category, kind, value) VALUES ('TESTSET0', 'settings', 'percent', 30), ('TESTSET1', 'settings', 'percent', 35)",
      ),
    ]);
    try {
      const now = Date.now();
      const cat = await catalogue();
      const expected = oracle(cat, {});
      for (const [variation, percentage] of [
        [0, 30],
        [1, 35],
      ] as const) {
        const offer = await offerOracle(variation, now);
        for (const promoCodeVariation of [String(variation), variation]) {
          const body = await search("/api/search/settingsv2", { promoCodeVariation });
          expect(body.result.settings.map((c) => c.id)).toEqual(expected.slice(0, 20).map((e) => e.setting.id));
          for (const card of body.result.settings) {
            for (const m of card.metals) {
              expect(m.promoCode, `variant ${variation}, ${m.id}`).toEqual(offer(m.price));
              expect(m.promoCode!.percentage).toBe(percentage);
            }
          }
        }
      }
      // Without the parameter the visitor's own variant decides (here its cookie).
      const cookie = await search("/api/search/settingsv2", {}, { cookie: "Promocode_Variation_Global=1" });
      expect(cookie.result.settings[0]!.metals[0]!.promoCode!.percentage).toBe(35);
      // The detail page's offer follows the variant too.
      const first = expected[0]!;
      const detail = await getJson<SettingDetail>(`/api/settings/${first.setting.id}/${first.metals[0]!.metal}?promoCodeVariation=1`);
      expect(detail.offeredPromotion?.promoCode).toBe("TESTSET1");
    } finally {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM promotion_rules WHERE code IN ('TESTSET0', 'TESTSET1')"),
        env.DB.prepare("DELETE FROM promotions WHERE code IN ('TESTSET0', 'TESTSET1')"),
      ]);
    }
  });
});
