/**
 * The emailed unsubscribe link, `/Home/UnsubscribeEmailAction?userGuid=…&type=…`, as the worker serves it
 * (docs/decisions/053-email-limits-and-unsubscribe.md): opening it (what a mail scanner does) changes nothing and
 * shows one button; the button's post unsubscribes; so does a mail client's RFC 8058 one-click post to the
 * address of the email's List-Unsubscribe header; a changed link changes nothing.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { findByEmail } from "#worker/accounts/users.ts";
import { renderEmail } from "#worker/email/templates.ts";
import type { EmailMessage } from "#worker/email/templates.ts";
import { call } from "../helpers";
import { confirmedUser, freshEmail, freshIp, outbox, post } from "./account-helpers";

const PATH = "/Home/UnsubscribeEmailAction";

const formPost = (path: string, body: string, headers: Record<string, string> = {}) =>
  call(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": freshIp(), ...headers }, body });

const unsubscribed = async (email: string) => (await findByEmail(env.DB, email))!.unsubscribed;

/** The value of the hidden input `name` in a page. */
const hidden = (page: string, name: string) => page.match(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`))?.[1];

describe("/Home/UnsubscribeEmailAction", () => {
  it("opening the link changes nothing and shows one button that posts the link's parameters", async () => {
    const email = await confirmedUser("scanner");
    const { userGuid } = (await findByEmail(env.DB, email))!;
    const before = await unsubscribed(email);
    // A mail scanner opens the link, twice.
    for (let i = 0; i < 2; i++) {
      const res = await call(`${PATH}?userGuid=${userGuid}&type=alerts`);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toMatch(/<form method="post"[^>]*aria-label="Unsubscribe"/);
      expect(hidden(page, "userGuid")).toBe(userGuid);
      expect(hidden(page, "type")).toBe("alerts");
      expect(page).not.toContain(email);
    }
    expect(await unsubscribed(email)).toEqual(before);
    expect(before.alerts).toBe(false);
  });

  it("the button's post unsubscribes from that list alone and says so", async () => {
    const email = await confirmedUser("button");
    const { userGuid } = (await findByEmail(env.DB, email))!;
    const page = await (await call(`${PATH}?userGuid=${userGuid}&type=alerts`)).text();
    expect((await unsubscribed(email)).alerts).toBe(false);
    const fields = new URLSearchParams({ userGuid: hidden(page, "userGuid")!, type: hidden(page, "type")! });
    const res = await formPost(`${PATH}?userGuid=${userGuid}&type=alerts`, fields.toString(), { origin: "https://loupe.test" });
    expect(res.status).toBe(200);
    expect((await res.text()).replaceAll("<!-- -->", "")).toContain("You will no longer receive alerts about new diamonds");
    expect(await unsubscribed(email)).toMatchObject({ alerts: true, marketing: false, partialAccount: false });
  });

  it("a mail client's one-click post to the List-Unsubscribe address of a marketing email unsubscribes", async () => {
    const email = freshEmail("oneclick");
    const ip = freshIp();
    expect((await post("/api/accounts/email-capture", { email, source: "welcome-100-popup" }, ip)).status).toBe(200);
    const mail = (await outbox(email)).find((m) => m.template === "welcome-offer");
    expect(mail).toBeDefined();
    const { headers } = renderEmail({ template: "welcome-offer", data: mail!.data } as unknown as EmailMessage);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const target = new URL(headers["List-Unsubscribe"]!.slice(1, -1));
    expect(target.pathname).toBe(PATH);
    expect((await unsubscribed(email)).marketing).toBe(false);
    // No session, no Origin: a mail provider's server posts it.
    const res = await formPost(target.pathname + target.search, "List-Unsubscribe=One-Click");
    expect(res.status).toBe(200);
    expect((await unsubscribed(email)).marketing).toBe(true);
  });

  it("a changed guid or an unknown list answers 4xx and unsubscribes no one", async () => {
    const email = await confirmedUser("tampered");
    const { userGuid } = (await findByEmail(env.DB, email))!;
    const before = await unsubscribed(email);
    const last = userGuid.at(-1) === "0" ? "1" : "0";
    const forged = `${userGuid.slice(0, -1)}${last}`;
    expect((await call(`${PATH}?userGuid=${forged}&type=marketing`)).status).toBe(404);
    expect((await formPost(`${PATH}?userGuid=${forged}&type=marketing`, "List-Unsubscribe=One-Click")).status).toBe(404);
    // The link's own guid in the address, a changed one in the form: the form's is the one that counts.
    expect((await formPost(`${PATH}?userGuid=${userGuid}&type=marketing`, `userGuid=${forged}&type=marketing`)).status).toBe(404);
    expect((await formPost(`${PATH}?userGuid=${userGuid}&type=carrier-pigeon`, "List-Unsubscribe=One-Click")).status).toBe(400);
    expect((await formPost(`${PATH}?userGuid=not-a-guid&type=marketing`, "List-Unsubscribe=One-Click")).status).toBe(404);
    expect(await unsubscribed(email)).toEqual(before);
  });
});
