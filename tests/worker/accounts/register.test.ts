import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { confirm } from "#worker/accounts/registration.ts";
import { findByEmail } from "#worker/accounts/users.ts";
import { EMAILS_PER_RECIPIENT_HOUR } from "#worker/email/gate.ts";
import type { ErrorBody } from "../helpers";
import { confirmedUser, freshEmail, latestLink, outbox, PASSWORD, post } from "./account-helpers";

const deps = (now: number) => ({ env, origin: "https://loupe.test", now, ip: "203.0.113.9", waitUntil: () => {} });

describe("register and confirm", () => {
  it("registers an unconfirmed account and emails its confirmation link to this site", async () => {
    const email = freshEmail("reg");
    const res = await post("/api/accounts/v1/register", { firstName: "Ada", lastName: "Lovelace", email, password: PASSWORD });
    expect(res.status).toBe(200);
    const user = await findByEmail(env.DB, email);
    expect(user).toMatchObject({ firstName: "Ada", accountConfirmed: false, partial: false });
    expect(user!.passwordHash).toMatch(/^pbkdf2-sha256\$v1\$100000\$/);
    const link = await latestLink(email, "confirm-email");
    expect(link.origin + link.pathname).toBe("https://loupe.test/register/confirm");
    expect(link.searchParams.get("email")).toBe(email);
  });

  it("answers a known email exactly like a new one, and emails the owner that they already have an account", async () => {
    const email = await confirmedUser("dup");
    const known = await post("/api/accounts/v1/register", { firstName: "Eve", lastName: "X", email: email.toUpperCase(), password: "another good passphrase" });
    const unknown = await post("/api/accounts/v1/register", { firstName: "Eve", lastName: "X", email: freshEmail("new"), password: "another good passphrase" });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await outbox(email))[0]!.template).toBe("already-registered");
    // The existing account is unchanged: the first password still signs in, the names are the same.
    expect(await findByEmail(env.DB, email)).toMatchObject({ firstName: "Ada" });
    expect((await post("/api/accounts/login", { email, password: PASSWORD })).status).toBe(200);
  });

  it("keeps one account when two registrations for one email race", async () => {
    const email = freshEmail("race");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post("/api/accounts/v1/register", { firstName: `R${i}`, lastName: "X", email, password: PASSWORD })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>();
    expect(rows!.n).toBe(1);
    const mails = await outbox(email);
    expect(mails.filter((m) => m.template === "confirm-email")).toHaveLength(1);
    // Eleven "already registered" emails are due; an address gets at most its hourly transactional emails,
    // the confirmation among them (worker/email/gate.ts).
    expect(mails.filter((m) => m.template === "already-registered")).toHaveLength(EMAILS_PER_RECIPIENT_HOUR.transactional - 1);
  });

  it("refuses short and common passwords beside the password field", async () => {
    for (const password of ["short", "password123", "Baseball1"]) {
      const res = await post("/api/accounts/v1/register", { firstName: "A", lastName: "B", email: freshEmail("weak"), password });
      expect(res.status, password).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.details?.map((d) => d.path)).toContain("password");
    }
    const long = "a long passphrase that goes on ".repeat(4);
    expect((await post("/api/accounts/v1/register", { firstName: "A", lastName: "B", email: freshEmail("long"), password: long })).status).toBe(200);
  });

  it("refuses a malformed email and missing names with field details", async () => {
    const res = await post("/api/accounts/v1/register", { firstName: "", email: "not-an-email", password: PASSWORD });
    expect(res.status).toBe(400);
    const paths = ((await res.json()) as ErrorBody).error.details!.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["firstName", "lastName", "email"]));
  });

  it("confirms once: the same link again, a forged one and an expired one are refused", async () => {
    const email = freshEmail("confirm");
    await post("/api/accounts/v1/register", { firstName: "Ada", lastName: "L", email, password: PASSWORD });
    const stamp = (await latestLink(email, "confirm-email")).searchParams.get("securityStamp")!;
    const forged = `${stamp.slice(0, -4)}AAAA`;
    expect((await post("/api/accounts/confirm", { email, securityStamp: forged })).status).toBe(400);
    // Eight days later the link has expired (7 days), whatever else holds.
    await expect(confirm(deps(Date.now() + 8 * 24 * 3600_000), { email, securityStamp: stamp })).rejects.toMatchObject({ refusal: { kind: "bad_request" } });
    const ok = await post("/api/accounts/confirm", { email, securityStamp: stamp });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ email, accountConfirmed: true });
    const again = await post("/api/accounts/confirm", { email, securityStamp: stamp });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorBody).error.message).toMatch(/not valid|expired|already used/);
  });

  it("resends the confirmation only to an unconfirmed account, with the same answer for any email", async () => {
    const pending = freshEmail("pending");
    await post("/api/accounts/v1/register", { firstName: "P", lastName: "Q", email: pending, password: PASSWORD });
    const confirmed = await confirmedUser("done");
    const answers = await Promise.all([pending, confirmed, freshEmail("nobody")].map((email) => post("/api/accounts/resendconfirmationemail", { email })));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect((await outbox(pending)).filter((m) => m.template === "confirm-email")).toHaveLength(2);
    expect((await outbox(confirmed)).filter((m) => m.template === "confirm-email")).toHaveLength(1);
  });

  it("says whether an address is well formed without saying whether it has an account", async () => {
    const email = await confirmedUser("verify");
    const known = await post("/api/accounts/verify-email", { email: ` ${email} ` });
    expect(await known.json()).toEqual({ email, valid: true });
    expect(await (await post("/api/accounts/verify-email", { email: "a@b" })).json()).toEqual({ email: "a@b", valid: false });
  });
});
