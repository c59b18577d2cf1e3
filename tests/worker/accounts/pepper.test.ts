/**
 * The password pepper (docs/decisions/054-accounts-hardening.md): with PASSWORD_PEPPER set, new hashes are `v2`
 * (PBKDF2 over the password's HMAC under the pepper); hashes from before still sign in and are replaced by a
 * peppered one at that sign-in; without a pepper (local development) hashes stay `v1`.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { findByEmail } from "#worker/accounts/users.ts";
import { call } from "../helpers";
import { confirmedUser, freshEmail, freshIp, latestLink, PASSWORD } from "./account-helpers";

const PEPPER = "test pepper: thirty-two or more characters";

const postWith = (bindings: Record<string, string>, path: string, body: unknown) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify(body),
    env: bindings,
  });

describe("password pepper", () => {
  it("peppers new hashes, and a peppered hash needs the pepper to sign in", async () => {
    const peppered = { PASSWORD_PEPPER: PEPPER };
    const email = freshEmail("pepper");
    expect((await postWith(peppered, "/api/accounts/v1/register", { firstName: "Pia", lastName: "P", email, password: PASSWORD })).status).toBe(200);
    expect((await findByEmail(env.DB, email))!.passwordHash).toMatch(/^pbkdf2-sha256\$v2\$100000\$/);
    const stamp = (await latestLink(email, "confirm-email")).searchParams.get("securityStamp");
    expect((await postWith(peppered, "/api/accounts/confirm", { email, securityStamp: stamp })).status).toBe(200);
    expect((await postWith(peppered, "/api/accounts/login", { email, password: PASSWORD })).status).toBe(200);
    // The database's copy without the pepper (or with another) does not check a password.
    expect((await postWith({ PASSWORD_PEPPER: "" }, "/api/accounts/login", { email, password: PASSWORD })).status).toBe(401);
    expect((await postWith({ PASSWORD_PEPPER: `${PEPPER}?` }, "/api/accounts/login", { email, password: PASSWORD })).status).toBe(401);
  });

  it("signs in with a hash from before the pepper and replaces it with a peppered one", async () => {
    const email = await confirmedUser("prepepper");
    const before = (await findByEmail(env.DB, email))!.passwordHash!;
    expect(before).toMatch(/^pbkdf2-sha256\$v1\$/);
    expect((await postWith({ PASSWORD_PEPPER: PEPPER }, "/api/accounts/login", { email, password: PASSWORD })).status).toBe(200);
    const after = (await findByEmail(env.DB, email))!.passwordHash!;
    expect(after).toMatch(/^pbkdf2-sha256\$v2\$100000\$/);
    expect((await postWith({ PASSWORD_PEPPER: PEPPER }, "/api/accounts/login", { email, password: PASSWORD })).status).toBe(200);
    expect((await findByEmail(env.DB, email))!.passwordHash).toBe(after);
  });
});
