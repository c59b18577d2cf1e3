/**
 * The sign-in side of the account pages as a shopper meets them, rendered in Node through the server
 * renderer with a fake account service: /login (return address, refusals beside their fields or above the
 * form, the resend button, the rate limit's wait, social buttons), /logout, the header's account menu, and
 * the flags every account page shares (no footer, no coupon popup, not indexed, one heading).
 */
import { describe, expect, it } from "vitest";
import { ADA, attr, fakeAccount, headerOf, inputTag, mainOf, render } from "./fake-account";

const ACCOUNT_PAGES = [
  "/login",
  "/logout",
  "/register",
  "/register?email=ada%40example.com&securityStamp=stamp-0123456789abcdef&complete=1",
  "/register/confirm?email=ada%40example.com&securityStamp=stamp-0123456789abcdef",
  "/forgot-password",
  "/reset?email=ada%40example.com&securityStamp=stamp-0123456789abcdef",
  `/unsubscribe?userGuid=${ADA.userGuid}&list=marketing`,
  `/Home/UnsubscribeEmailAction?userGuid=${ADA.userGuid}&type=marketing`,
];

describe("every account page", () => {
  for (const path of ACCOUNT_PAGES) {
    it(`${path}: no footer, no coupon popup or offer launcher, not indexed, one heading, no "Sign in" link in the header`, async () => {
      const res = await render(fakeAccount().service, path);
      const page = await res.text();
      expect(res.status).toBe(200);
      expect(page).not.toContain("<footer");
      expect(page).toContain('data-coupon-popup="off"');
      expect(page).toContain('data-offer-launcher="hidden"');
      expect(page).toContain('<meta name="robots" content="noindex">');
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
      expect(page.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(headerOf(page)).not.toContain("Sign in");
    });
  }

  it("labels every visible input and gives it an autocomplete purpose", async () => {
    for (const path of ACCOUNT_PAGES) {
      const main = mainOf(await (await render(fakeAccount().service, path)).text());
      for (const tag of main.match(/<input[^>]*>/g) ?? []) {
        if (/type="hidden"|\shidden=""/.test(tag)) continue;
        expect(main, `${path}: ${tag}`).toContain(`<label for="${attr(tag, "id")}">`);
        expect(attr(tag, "autoComplete"), `${path}: ${tag}`).toMatch(/^(email|current-password|new-password|given-name|family-name)$/);
      }
    }
  });
});

describe("/login", () => {
  const post = (path: string, form: Record<string, string>, account = fakeAccount()) => render(account.service, path, form);

  it("keeps the query's return address in the form and returns there after signing in", async () => {
    const page = await (await render(fakeAccount().service, "/login?returnUrl=%2Fdiamond-search%3Fshape%3Doval")).text();
    expect(attr(inputTag(page, "returnUrl"), "value")).toBe("/diamond-search?shape=oval");
    const account = fakeAccount();
    const res = await post("/login", { email: "ada@example.com", password: "correct horse", returnUrl: "/diamond-search?shape=oval" }, account);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/diamond-search?shape=oval");
    expect(account.argsOf("login")).toEqual([[{ email: "ada@example.com", password: "correct horse" }]]);
  });

  it("never returns to another site, to /login or to /register (§2): home instead", async () => {
    for (const returnUrl of ["https://evil.example/", "//evil.example/x", "/login?returnUrl=/cart", "/register", "javascript:alert(1)", ""]) {
      const res = await post("/login", { email: "ada@example.com", password: "correct horse", returnUrl });
      expect(res.headers.get("location"), returnUrl).toBe("/");
    }
  });

  it("a wrong password: 401, 'Wrong email or password' above the form, the email kept, the password not", async () => {
    const account = fakeAccount();
    account.refuse("login", { ok: false, kind: "unauthorized", message: "Invalid credentials" });
    const res = await post("/login?returnUrl=%2Fcart", { email: "ada@example.com", password: "wrong password", returnUrl: "/cart" }, account);
    expect(res.status).toBe(401);
    const main = mainOf(await res.text());
    expect(main).toContain('<p class="form-alert" role="alert">Wrong email or password</p>');
    expect(attr(inputTag(main, "email"), "value")).toBe("ada@example.com");
    expect(attr(inputTag(main, "password"), "value")).toBeUndefined();
    expect(main).not.toContain("wrong password");
    expect(attr(inputTag(main, "returnUrl"), "value")).toBe("/cart");
  });

  it("a field's problem is shown beside that field (aria-invalid, aria-describedby)", async () => {
    const account = fakeAccount();
    account.refuse("login", { ok: false, kind: "bad_request", message: "Invalid body", details: [{ path: "email", message: "Enter a valid email address" }] });
    const res = await post("/login", { email: "ada@", password: "x", returnUrl: "" }, account);
    expect(res.status).toBe(400);
    const main = mainOf(await res.text());
    const email = inputTag(main, "email");
    expect(attr(email, "aria-invalid")).toBe("true");
    expect(attr(email, "aria-describedby")).toBe("field-email-error");
    expect(main).toContain('<p class="field-error" id="field-email-error">Enter a valid email address</p>');
    expect(main).not.toContain('role="alert"');
    expect(attr(email, "value")).toBe("ada@");
  });

  it("an unconfirmed email: the message and a button that sends the link again", async () => {
    const account = fakeAccount();
    account.refuse("login", { ok: false, kind: "forbidden", message: "Confirm your email first: we sent the link again." });
    const res = await post("/login", { email: "new@example.com", password: "correct horse", returnUrl: "" }, account);
    expect(res.status).toBe(403);
    const main = mainOf(await res.text());
    expect(main).toContain("Confirm your email first: we sent the link again.");
    expect(main).toContain("Send the confirmation link again</button>");

    const resent = await post("/login", { _intent: "resend", email: "new@example.com", returnUrl: "" }, account);
    expect(resent.status).toBe(200);
    expect(mainOf(await resent.text())).toContain('<p class="form-notice" role="status">We sent a new confirmation link.</p>');
    expect(account.argsOf("resendConfirmation")).toEqual([[{ email: "new@example.com" }]]);
    expect(account.argsOf("login")).toHaveLength(1);
  });

  it("too many failures: 429 and the wait in minutes", async () => {
    const account = fakeAccount();
    account.refuse("login", { ok: false, kind: "rate_limited", message: "Too many failed sign-ins", retryAfter: 840 });
    const res = await post("/login", { email: "ada@example.com", password: "guess", returnUrl: "" }, account);
    expect(res.status).toBe(429);
    expect(mainOf(await res.text())).toContain("Too many failed sign-ins. Try again in 14 minutes.");
  });

  it("prefills the email of a sign-in link (/login?email=…)", async () => {
    const page = await (await render(fakeAccount().service, "/login?email=ada%40example.com")).text();
    expect(attr(inputTag(page, "email"), "value")).toBe("ada@example.com");
  });

  it("offers only the configured social sign-ins, returning to the same place", async () => {
    const none = mainOf(await (await render(fakeAccount().service, "/login?returnUrl=%2Fcart")).text());
    expect(none).not.toContain("/login/google");
    expect(none).not.toContain("/login/facebook");
    const both = mainOf(await (await render(fakeAccount({ social: { google: true, facebook: true } }).service, "/login?returnUrl=%2Fcart")).text());
    expect(both).toContain('href="/login/google?returnUrl=%2Fcart">Continue with Google</a>');
    expect(both).toContain('href="/login/facebook?returnUrl=%2Fcart">Continue with Facebook</a>');
    const facebookOnly = mainOf(await (await render(fakeAccount({ social: { google: false, facebook: true } }).service, "/login")).text());
    expect(facebookOnly).not.toContain("Continue with Google");
    expect(facebookOnly).toContain('href="/login/facebook?returnUrl=%2F"');
  });

  it("links to registration (keeping the return address) and to the forgotten-password page", async () => {
    const main = mainOf(await (await render(fakeAccount().service, "/login?returnUrl=%2Fcart")).text());
    expect(main).toContain('href="/register?returnUrl=%2Fcart"');
    expect(main).toContain('href="/forgot-password"');
  });
});

describe("/logout and the header", () => {
  it("GET shows a Sign out button; the post ends the session and returns home", async () => {
    const account = fakeAccount({ user: ADA });
    const main = mainOf(await (await render(account.service, "/logout")).text());
    expect(main).toContain("You are signed in as Ada (ada@example.com).");
    expect(main).toMatch(/<form method="post"[^>]*aria-label="Sign out"><button type="submit" class="primary">Sign out<\/button>/);
    const res = await render(account.service, "/logout", {});
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(account.argsOf("logout")).toHaveLength(1);
  });

  it("signed in: 'Hi, {first name}' and a Sign out form posting to /logout; no Sign in link", async () => {
    const header = headerOf(await (await render(fakeAccount({ user: ADA }).service, "/404")).text());
    expect(header).toContain("Hi, Ada");
    expect(header).toMatch(/<form method="post" action="\/logout"><button type="submit" class="link-button">Sign out<\/button><\/form>/);
    expect(header).not.toContain("Sign in");
  });

  it("signed out: a Sign in link that returns to the current page", async () => {
    const header = headerOf(await (await render(fakeAccount().service, "/404?from=header")).text());
    expect(header).toContain('<a href="/login?returnUrl=%2F404%3Ffrom%3Dheader">Sign in</a>');
    expect(header).not.toContain("Sign out");
  });

  it("a page rendered without the account service shows the signed-out header", async () => {
    const res = await render(null, "/404");
    expect(headerOf(await res.text())).toContain(">Sign in</a>");
  });

  it("the signed-in user and the social flags reach the browser in the root's data, never a token", async () => {
    const page = await (await render(fakeAccount({ user: ADA, social: { google: true, facebook: false } }).service, "/login")).text();
    const hydration = page.match(/__staticRouterHydrationData = JSON\.parse\("(.*)"\);<\/script>/)?.[1] ?? "";
    const data = JSON.parse(JSON.parse(`"${hydration}"`)) as { loaderData: { root: { user: unknown; social: unknown } } };
    expect(data.loaderData.root.user).toEqual(ADA);
    expect(data.loaderData.root.social).toEqual({ google: true, facebook: false });
    expect(page).not.toMatch(/token/i);
  });
});
