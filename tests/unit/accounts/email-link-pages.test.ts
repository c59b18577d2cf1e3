/**
 * The account pages reached from a form or an emailed link, rendered in Node through the server renderer
 * with a fake account service: registration (and a partial account's completion), the confirmation link,
 * the forgotten password and the reset link, and both unsubscribe pages.
 */
import { describe, expect, it } from "vitest";
import { ADA, ADA_GUID_USER, attr, fakeAccount, inputTag, mainOf, render } from "./fake-account";

const STAMP = "stamp-0123456789abcdef";
const body = async (res: Response) => mainOf(await res.text());

describe("/register", () => {
  const form = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "analytical engine", returnUrl: "" };

  it("registers and shows the 'check your email' notice after a redirect (a reload sends nothing twice)", async () => {
    const account = fakeAccount();
    const res = await render(account.service, "/register", form);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/register?sent=1");
    expect(account.argsOf("register")).toEqual([[{ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "analytical engine" }]]);
    const sent = await body(await render(account.service, "/register?sent=1"));
    expect(sent).toContain("<h1>Check your email</h1>");
    expect(sent).not.toContain("<form");
  });

  it("passes a safe return address along with the registration", async () => {
    const account = fakeAccount();
    await render(account.service, "/register", { ...form, returnUrl: "/cart" });
    await render(account.service, "/register", { ...form, returnUrl: "https://evil.example/" });
    expect(account.argsOf("register").map(([input]) => (input as { returnUrl?: string }).returnUrl)).toEqual(["/cart", "/"]);
  });

  it("a refused password is shown beside it with the hint; the other fields keep their values, the password does not", async () => {
    const account = fakeAccount();
    account.refuse("register", {
      ok: false,
      kind: "bad_request",
      message: "Invalid body",
      details: [{ path: "password", message: "This password is too common" }],
    });
    const res = await render(account.service, "/register", { ...form, password: "password123" });
    expect(res.status).toBe(400);
    const main = await body(res);
    const password = inputTag(main, "password");
    expect(attr(password, "aria-invalid")).toBe("true");
    expect(attr(password, "aria-describedby")).toBe("field-password-hint field-password-error");
    expect(attr(password, "autoComplete")).toBe("new-password");
    expect(main).toContain('<p class="field-hint" id="field-password-hint">At least 8 characters. Common passwords are refused.</p>');
    expect(main).toContain('<p class="field-error" id="field-password-error">This password is too common</p>');
    expect(attr(inputTag(main, "firstName"), "value")).toBe("Ada");
    expect(attr(inputTag(main, "lastName"), "value")).toBe("Lovelace");
    expect(attr(inputTag(main, "email"), "value")).toBe("ada@example.com");
    expect(main).not.toContain("password123");
    expect(attr(inputTag(main, "firstName"), "aria-invalid")).toBeUndefined();
  });

  it("with a partial account's link: names and a password complete it, signed in, then home", async () => {
    const account = fakeAccount();
    const path = `/register?email=ada%40example.com&securityStamp=${STAMP}&complete=1`;
    const page = await body(await render(account.service, path));
    expect(page).toContain("<h1>Complete your account</h1>");
    expect(attr(inputTag(page, "securityStamp"), "value")).toBe(STAMP);
    expect(inputTag(page, "email")).toContain('type="hidden"');
    const res = await render(account.service, path, {
      email: "ada@example.com",
      securityStamp: STAMP,
      firstName: "Ada",
      lastName: "Lovelace",
      password: "analytical engine",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(account.argsOf("completeRegistration")).toEqual([
      [{ email: "ada@example.com", securityStamp: STAMP, firstName: "Ada", lastName: "Lovelace", password: "analytical engine" }],
    ]);
    expect(account.argsOf("register")).toEqual([]);
  });

  it("a used completion link shows why above the form", async () => {
    const account = fakeAccount();
    account.refuse("completeRegistration", { ok: false, kind: "bad_request", message: "This link has expired or was already used." });
    const path = `/register?email=ada%40example.com&securityStamp=${STAMP}&complete=1`;
    const res = await render(account.service, path, {
      email: "ada@example.com",
      securityStamp: STAMP,
      firstName: "Ada",
      lastName: "L",
      password: "analytical engine",
    });
    expect(res.status).toBe(400);
    expect(await body(res)).toContain('<p class="form-alert" role="alert">This link has expired or was already used.</p>');
  });
});

describe("/register/confirm (the emailed link)", () => {
  it("confirms the email and links to sign in with the email filled in", async () => {
    const account = fakeAccount();
    const res = await render(account.service, `/register/confirm?email=ada%40example.com&securityStamp=${STAMP}`);
    expect(res.status).toBe(200);
    const main = await body(res);
    expect(main).toContain("<h1>Your email is confirmed</h1>");
    expect(main).toContain('href="/login?email=ada%40example.com"');
    expect(account.argsOf("confirm")).toEqual([[{ email: "ada@example.com", securityStamp: STAMP }]]);
  });

  it("the sign-in link keeps where the registration started (the link's returnUrl), made safe", async () => {
    const account = fakeAccount();
    const main = await body(await render(account.service, `/register/confirm?email=ada%40example.com&securityStamp=${STAMP}&returnUrl=%2Fcart`));
    expect(main).toContain('href="/login?email=ada%40example.com&amp;returnUrl=%2Fcart"');
    const evil = await body(await render(account.service, `/register/confirm?email=ada%40example.com&securityStamp=${STAMP}&returnUrl=%2F%2Fevil.example`));
    expect(evil).toContain('href="/login?email=ada%40example.com&amp;returnUrl=%2F"');
  });

  it("a used or expired link: the reason and a form that sends a new link", async () => {
    const account = fakeAccount();
    account.refuse("confirm", { ok: false, kind: "bad_request", message: "This link has expired or was already used." });
    const path = `/register/confirm?email=ada%40example.com&securityStamp=${STAMP}`;
    const res = await render(account.service, path);
    expect(res.status).toBe(400);
    const main = await body(res);
    expect(main).toContain('<p class="form-alert" role="alert">This link has expired or was already used.</p>');
    expect(attr(inputTag(main, "email"), "value")).toBe("ada@example.com");
    const resent = await render(account.service, path, { _intent: "resend", email: "ada@example.com" });
    expect(await body(resent)).toContain('<p class="form-notice" role="status">We sent a new confirmation link.</p>');
    expect(account.argsOf("resendConfirmation")).toEqual([[{ email: "ada@example.com" }]]);
  });

  it("a link without its stamp is not valid (the service is not asked)", async () => {
    const account = fakeAccount();
    const res = await render(account.service, "/register/confirm?email=ada%40example.com");
    expect(res.status).toBe(400);
    expect(await body(res)).toContain("This confirmation link is not valid.");
    expect(account.argsOf("confirm")).toEqual([]);
  });
});

describe("/forgot-password", () => {
  it("sends the link and answers the same notice whatever the email", async () => {
    const account = fakeAccount();
    const res = await render(account.service, "/forgot-password", { email: "nobody@example.com" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/forgot-password?sent=1");
    expect(account.argsOf("sendReset")).toEqual([[{ email: "nobody@example.com", returnUrl: "/" }]]);
    expect(await body(await render(account.service, "/forgot-password?sent=1"))).toContain("If an account uses this email, we have sent it a link");
  });

  it("an email that is not an address is shown beside the field", async () => {
    const account = fakeAccount();
    account.refuse("sendReset", {
      ok: false,
      kind: "bad_request",
      message: "Invalid body",
      details: [{ path: "email", message: "Enter a valid email address" }],
    });
    const res = await render(account.service, "/forgot-password", { email: "ada" });
    expect(res.status).toBe(400);
    const main = await body(res);
    expect(attr(inputTag(main, "email"), "aria-invalid")).toBe("true");
    expect(main).toContain("Enter a valid email address");
  });
});

describe("/reset (the emailed link)", () => {
  const path = `/reset?email=ada%40example.com&securityStamp=${STAMP}`;
  const form = { email: "ada@example.com", securityStamp: STAMP, password: "a new passphrase", passwordRepeat: "a new passphrase" };

  it("two different passwords: 'The passwords do not match' beside the repeat, nothing sent", async () => {
    const account = fakeAccount();
    const res = await render(account.service, path, { ...form, passwordRepeat: "another passphrase" });
    expect(res.status).toBe(400);
    const main = await body(res);
    expect(attr(inputTag(main, "passwordRepeat"), "aria-invalid")).toBe("true");
    expect(main).toContain('<p class="field-error" id="field-passwordRepeat-error">The passwords do not match</p>');
    expect(main).not.toContain("passphrase");
    expect(account.argsOf("reset")).toEqual([]);
  });

  it("sets the password, then says so with a sign-in link", async () => {
    const account = fakeAccount();
    const res = await render(account.service, path, form);
    expect(res.status).toBe(303);
    expect(account.argsOf("reset")).toEqual([[{ email: "ada@example.com", securityStamp: STAMP, password: "a new passphrase" }]]);
    const done = await body(await render(account.service, res.headers.get("location")!));
    expect(done).toContain("<h1>Your password is set</h1>");
    expect(done).toContain('href="/login?email=ada%40example.com"');
  });

  it("a used link: the reason and a link to ask for a new one", async () => {
    const account = fakeAccount();
    account.refuse("reset", { ok: false, kind: "bad_request", message: "This link has expired or was already used." });
    const main = await body(await render(account.service, path, form));
    expect(main).toContain('<p class="form-alert" role="alert">This link has expired or was already used.</p>');
    expect(main).toContain('href="/forgot-password"');
  });

  it("a weak password is shown beside the password", async () => {
    const account = fakeAccount();
    account.refuse("reset", {
      ok: false,
      kind: "bad_request",
      message: "Invalid body",
      details: [{ path: "password", message: "This password is too common" }],
    });
    const main = await body(await render(account.service, path, { ...form, password: "password1", passwordRepeat: "password1" }));
    expect(main).toContain('<p class="field-error" id="field-password-error">This password is too common</p>');
    expect(main).not.toContain('href="/forgot-password"');
  });

  it("a link without its stamp: not valid, with a link to ask for a new one and no form", async () => {
    const res = await render(fakeAccount().service, "/reset?email=ada%40example.com");
    expect(res.status).toBe(400);
    const main = await body(res);
    expect(main).toContain("This link to set a new password is not valid.");
    expect(main).toContain('href="/forgot-password"');
    expect(main).not.toContain("<form");
  });
});

describe("/unsubscribe and /Home/UnsubscribeEmailAction", () => {
  const guid = ADA.userGuid;

  it("shows whose emails (first name, masked address), then unsubscribes with the button", async () => {
    const account = fakeAccount();
    const path = `/unsubscribe?userGuid=${guid}&list=insurance`;
    const main = await body(await render(account.service, path));
    expect(main).toContain("Emails to Ada at <strong>a**@example.com</strong>: jewelry insurance emails");
    expect(main).not.toContain("ada@example.com");
    const res = await render(account.service, path, {});
    expect(res.status).toBe(200);
    expect(await body(res)).toContain("You are unsubscribed. You will no longer receive jewelry insurance emails.");
    expect(account.argsOf("unsubscribe")).toEqual([[guid, "insurance"]]);
  });

  it("says when the address is already unsubscribed from that list", async () => {
    const account = fakeAccount();
    account.setGuidUser({ ...ADA_GUID_USER, unsubscribed: { ...ADA_GUID_USER.unsubscribed, marketing: true } });
    expect(await body(await render(account.service, `/unsubscribe?userGuid=${guid}`))).toContain("already unsubscribed");
  });

  it("an unknown guid: 404 with a clear message, no button", async () => {
    const account = fakeAccount();
    account.setGuidUser(null);
    const res = await render(account.service, `/unsubscribe?userGuid=${guid}&list=marketing`);
    expect(res.status).toBe(404);
    const main = await body(res);
    expect(main).toContain("We could not find the subscription of this link.");
    expect(main).not.toContain("<form");
    const malformed = await render(account.service, "/unsubscribe?userGuid=not-a-guid");
    expect(malformed.status).toBe(404);
  });

  it("opening the emailed link changes nothing: it asks, with the link's parameters in the form", async () => {
    const account = fakeAccount();
    const res = await render(account.service, `/Home/UnsubscribeEmailAction?userGuid=${guid}&type=orderReviews`);
    expect(res.status).toBe(200);
    const main = await body(res);
    expect(main).toContain("Stop sending requests to review your orders to Ada at <strong>a**@example.com</strong>?");
    expect(main).toContain('<form method="post"');
    expect(attr(inputTag(main, "userGuid"), "value")).toBe(guid);
    expect(attr(inputTag(main, "type"), "value")).toBe("orderReviews");
    expect(inputTag(main, "userGuid")).toContain('type="hidden"');
    expect(account.argsOf("unsubscribe")).toEqual([]);
  });

  it("the button's post unsubscribes from the posted list and confirms, with a link home", async () => {
    const account = fakeAccount();
    const res = await render(account.service, `/Home/UnsubscribeEmailAction?userGuid=${guid}&type=orderReviews`, { userGuid: guid, type: "orderReviews" });
    expect(res.status).toBe(200);
    const main = await body(res);
    expect(main).toContain("You will no longer receive requests to review your orders");
    expect(main).toContain('href="/"');
    expect(main).not.toContain("<form");
    expect(account.argsOf("unsubscribe")).toEqual([[guid, "orderReviews"]]);
  });

  it("a mail client's one-click post (RFC 8058) unsubscribes with the address's parameters", async () => {
    const account = fakeAccount();
    const res = await render(account.service, `/Home/UnsubscribeEmailAction?userGuid=${guid}&type=alerts`, { "List-Unsubscribe": "One-Click" });
    expect(res.status).toBe(200);
    expect(account.argsOf("unsubscribe")).toEqual([[guid, "alerts"]]);
  });

  it("an unknown guid or type says the link is not valid, on opening and on posting, and unsubscribes no one", async () => {
    const account = fakeAccount();
    account.setGuidUser(null);
    const unknown = await render(account.service, `/Home/UnsubscribeEmailAction?userGuid=${guid}&type=marketing`);
    expect(unknown.status).toBe(404);
    const unknownMain = await body(unknown);
    expect(unknownMain).toContain("We could not find the subscription of this link.");
    expect(unknownMain).not.toContain("<form");
    const badType = await render(fakeAccount().service, `/Home/UnsubscribeEmailAction?userGuid=${guid}&type=carrier-pigeon`);
    expect(badType.status).toBe(400);
    expect(await body(badType)).toContain("This unsubscribe link is not valid.");
    const posted = fakeAccount();
    posted.refuse("unsubscribe", { ok: false, kind: "not_found", message: "No user with this guid" });
    const refused = await render(posted.service, `/Home/UnsubscribeEmailAction?userGuid=${guid}`, { userGuid: guid, type: "marketing" });
    expect(refused.status).toBe(404);
    expect(await body(refused)).toContain("We could not find the subscription of this link.");
    const malformed = fakeAccount();
    const res = await render(malformed.service, "/Home/UnsubscribeEmailAction", { userGuid: "not-a-guid", type: "marketing" });
    expect(res.status).toBe(404);
    expect(malformed.argsOf("unsubscribe")).toEqual([]);
  });
});
