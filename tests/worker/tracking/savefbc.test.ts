/**
 * savefbc binds this browser's ad click only to an email that is the shopper's own — the signed-in customer's, the
 * cart's contact email, one this visitor left in the welcome popup (docs/decisions/055-abuse-limits-and-promotion-
 * rules.md). Anyone else's address answers 404 and nothing is written: a stranger cannot take over where a
 * customer's purchases on another device are attributed.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "#shared/tracking/hash.ts";
import { bearer, confirmedUser, freshEmail, signIn } from "../accounts/account-helpers";
import { recordingQueue, trackedVisitor } from "./tracking-helpers";

const GRANTED = "loupe_consent=granted";
const NOT_TARGETED = "?exc=One_Trust_Script&exv=0";

const keptFor = async (email: string) =>
  (
    await env.DB.prepare("SELECT fbc FROM ad_clicks WHERE email_hash = ?")
      .bind(await sha256Hex(email.trim().toLowerCase()))
      .first<{ fbc: string }>()
  )?.fbc ?? null;

describe("savefbc", () => {
  it("refuses a stranger's email with 404 and keeps nothing; the victim's own click stays", async () => {
    const q = recordingQueue();
    const victim = await trackedVisitor(q.queue, NOT_TARGETED, `${GRANTED}; _fbc=fb.1.1700000000000.VictimClick`);
    const victimEmail = freshEmail("victim");
    expect((await victim.post("/api/cart", { type: "set-contact", userEmail: victimEmail })).status).toBe(200);
    expect(await (await victim.post("/api/tracking/savefbc", { email: victimEmail })).json()).toEqual({ saved: true });

    const attacker = await trackedVisitor(q.queue, NOT_TARGETED, `${GRANTED}; _fbc=fb.1.1700000000001.AttackerClick`);
    const res = await attacker.post("/api/tracking/savefbc", { email: victimEmail });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect(await keptFor(victimEmail)).toBe("fb.1.1700000000000.VictimClick");

    const nobody = freshEmail("nobody");
    expect((await attacker.post("/api/tracking/savefbc", { email: nobody })).status).toBe(404);
    expect(await keptFor(nobody)).toBeNull();
  });

  it("binds to the signed-in customer's own email, and to an address this visitor left in the welcome popup", async () => {
    const q = recordingQueue();
    const email = await confirmedUser("fbc");
    const token = await signIn(email);
    const v = await trackedVisitor(q.queue, NOT_TARGETED, `${GRANTED}; _fbc=fb.1.1700000000002.OwnClick`);
    const signedIn = await v.send("/api/tracking/savefbc", { method: "POST", body: JSON.stringify({ email }), headers: bearer(token) });
    expect(await signedIn.json()).toEqual({ saved: true });
    expect(await keptFor(email)).toBe("fb.1.1700000000002.OwnClick");
    // Signed out, the same browser's customer email is no longer its own.
    expect((await v.post("/api/tracking/savefbc", { email })).status).toBe(404);

    const popup = freshEmail("popup");
    const w = await trackedVisitor(q.queue, NOT_TARGETED, `${GRANTED}; _fbc=fb.1.1700000000003.PopupClick`);
    expect((await w.post("/api/accounts/email-capture", { email: popup, source: "welcome-100-popup" })).status).toBe(200);
    expect(await (await w.post("/api/tracking/savefbc", { email: popup })).json()).toEqual({ saved: true });
    expect(await keptFor(popup)).toBe("fb.1.1700000000003.PopupClick");
  });
});
