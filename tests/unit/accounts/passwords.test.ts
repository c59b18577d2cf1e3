import { describe, expect, it } from "vitest";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import { EMAIL_PATTERN } from "#shared/accounts/schemas.ts";
import { hashPassword, isCommonPassword, needsRehash, verifyPassword } from "#worker/accounts/passwords.ts";
import { checkLink, LINK_VALIDITY_MS, signLink } from "#worker/accounts/tokens.ts";

describe("password hashes", () => {
  it("stores PBKDF2-SHA-256 at 100,000 iterations with a 16-byte salt, different each time", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^pbkdf2-sha256\$v1\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", a)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "md5$abc")).toBe(false);
  });

  it("marks weaker hashes for an upgrade at the next sign-in", async () => {
    const weak = await hashPassword("correct horse battery staple", { iterations: 10_000 });
    expect(await verifyPassword("correct horse battery staple", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("x"))).toBe(false);
  });

  it("mixes the pepper into new hashes (v2); old v1 hashes still verify and are marked for an upgrade", async () => {
    const pepper = "a pepper of at least thirty-two characters";
    const plain = await hashPassword("correct horse battery staple");
    const peppered = await hashPassword("correct horse battery staple", { pepper });
    expect(peppered).toMatch(/^pbkdf2-sha256\$v2\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse battery staple", peppered, pepper)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", peppered, pepper)).toBe(false);
    // The database's copy alone (no pepper, or another one) cannot check a guess.
    expect(await verifyPassword("correct horse battery staple", peppered, null)).toBe(false);
    expect(await verifyPassword("correct horse battery staple", peppered, `${pepper}!`)).toBe(false);
    // A hash from before the pepper still signs in, and is replaced then.
    expect(await verifyPassword("correct horse battery staple", plain, pepper)).toBe(true);
    expect(needsRehash(plain, pepper)).toBe(true);
    expect(needsRehash(peppered, pepper)).toBe(false);
    expect(needsRehash(plain, null)).toBe(false);
  });

  it("knows common passwords whatever their case, and not a passphrase", () => {
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("qwertyuiop")).toBe(true);
    expect(isCommonPassword("violet tractor umbrella")).toBe(false);
  });
});

describe("emailed links", () => {
  const user = { userGuid: "6f1c7e54-2d0b-4f7e-9c4e-2b1f0d6a7c11", securityStamp: "stamp-1" };
  it("work for their purpose and user until they expire or the stamp changes", async () => {
    const now = 1_800_000_000_000;
    const link = await signLink("secret", "reset", user, now);
    expect(await checkLink("secret", "reset", user, link, now + LINK_VALIDITY_MS.reset)).toBe(true);
    expect(await checkLink("secret", "reset", user, link, now + LINK_VALIDITY_MS.reset + 1)).toBe(false);
    expect(await checkLink("secret", "confirm", user, link, now)).toBe(false);
    expect(await checkLink("secret", "reset", { ...user, securityStamp: "stamp-2" }, link, now)).toBe(false);
    expect(await checkLink("other secret", "reset", user, link, now)).toBe(false);
    expect(
      await checkLink(
        "secret",
        "reset",
        user,
        link.replace(/^[0-9a-z]+/, (t) => (Number.parseInt(t, 36) + 1).toString(36)),
        now + 5,
      ),
    ).toBe(false);
  });
});

describe("return paths", () => {
  it("keeps paths on this site and sends everything else home", () => {
    expect(accountReturnPath("/diamond-search?shape=oval#top")).toBe("/diamond-search?shape=oval#top");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/login", "/register/confirm", "/x\nSet-Cookie:a"]) {
      expect(accountReturnPath(bad), bad).toBe("/");
    }
  });
});

describe("§5 email pattern", () => {
  it("accepts standard addresses and refuses the rest", () => {
    for (const ok of ["ada@example.com", "a.b+tag@mail.example.co.uk"]) expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["ada@", "ada@example", "ada example@x.com", "@example.com", "ada@-x.com"]) expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });
});
