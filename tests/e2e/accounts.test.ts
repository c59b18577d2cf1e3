/**
 * Accounts in the browser (issue 17 point 10), against the whole shop: a shopper with something in the cart
 * registers, opens the confirmation link from the local email outbox (/dev/outbox), signs in and finds the
 * cart from before, signs out, resets a forgotten password and signs in with the new one. Then the same
 * sign-in and sign-out with JavaScript turned off. A fresh email each run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, shopperContext, url } from "./pages/browser";
import { linkFromOutbox } from "./pages/outbox";
import { firstDiamondPath } from "./pages/cart";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const freshEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Errors a page reports, without the browser's note about an answer's status (a refused sign-in is a 401). */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes("Failed to load resource"));

/** Fills and posts the registration form. */
async function register(page: Page, who: { firstName: string; lastName: string; email: string; password: string }) {
  await page.goto(url("/register"));
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("First name").fill(who.firstName);
  await form.getByLabel("Last name").fill(who.lastName);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Password", { exact: true }).fill(who.password);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Check your email");
}

/** Opens the emailed confirmation link; the page confirms the address. */
async function confirmFromOutbox(page: Page, email: string) {
  await page.goto(url(await linkFromOutbox(page, email, "/register/confirm")));
  await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Your email is confirmed");
}

/** Fills and posts the sign-in form of the page open at /login. */
async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

const header = (page: Page) => page.locator("header.site-header");

describe("accounts", () => {
  it("register → confirm from the outbox → sign in with the cart kept → sign out → reset a forgotten password → sign in with it", async () => {
    const context = await shopperContext(browser);
    const { page, errors } = await openPage(context);
    const who = { firstName: "Ada", lastName: "Lovelace", email: freshEmail("flow"), password: "first analytical engine" };

    // Something in the cart before signing in.
    await page.goto(url(await firstDiamondPath()));
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(/\/cart$/);
    // The cart page is the route the browser stores (§2) once it has hydrated; sign-in returns there.
    await page.waitForSelector("body[data-hydrated=true]");
    const lines = page.locator("li.cart-line");
    await expect.poll(() => lines.count()).toBe(1);
    const diamond = await lines.first().locator(".cart-line-body > a").innerText();

    await register(page, who);
    await confirmFromOutbox(page, who.email);

    // The confirmation's sign-in link fills the email in; with JavaScript the form returns to the stored route (the cart).
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/login\?email=/);
    await page.waitForSelector("body[data-hydrated=true]");
    await expect.poll(() => page.locator('input[name="returnUrl"]').inputValue()).toBe("/cart");
    expect(await page.getByLabel("Email").inputValue()).toBe(who.email);
    await signIn(page, who.email, who.password);
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => header(page).innerText()).toContain(`Hi, ${who.firstName}`);
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().locator(".cart-line-body > a").innerText()).toBe(diamond);

    // Signing out from the header returns home, signed out.
    await header(page).getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(url("/"));
    await expect.poll(() => header(page).getByRole("link", { name: "Sign in" }).count()).toBe(1);
    expect(await header(page).innerText()).not.toContain("Hi, ");

    // A forgotten password: the link from the outbox sets a new one.
    await page.goto(url("/forgot-password"));
    await page.getByLabel("Email").fill(who.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toContain("If an account uses this email");
    await page.goto(url(await linkFromOutbox(page, who.email, "/reset?")));
    const newPassword = "second difference engine";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill("not the same passphrase");
    await page.getByRole("button", { name: "Set the password" }).click();
    await expect.poll(() => page.locator("#field-passwordRepeat-error").innerText()).toBe("The passwords do not match");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Set the password" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Your password is set");

    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/login/);
    await signIn(page, who.email, who.password);
    await expect.poll(() => page.getByRole("alert").innerText()).toBe("Wrong email or password");
    await signIn(page, who.email, newPassword);
    // Back to the last page that was not an account page: home, where signing out landed.
    await page.waitForURL(url("/"));
    await expect.poll(() => header(page).innerText()).toContain(`Hi, ${who.firstName}`);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it("without JavaScript: sign in from the header returns to the page, a refusal shows beside the form, sign out", async () => {
    const setup = await shopperContext(browser);
    const { page: setupPage } = await openPage(setup);
    const who = { firstName: "Grace", lastName: "Hopper", email: freshEmail("nojs"), password: "compiler of compilers" };
    await register(setupPage, who);
    await confirmFromOutbox(setupPage, who.email);
    await setup.close();

    const context = await shopperContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/diamond-search/s?shape=oval"));
    const searched = new URL(page.url());
    await header(page).getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/login\?returnUrl=/);
    expect(await page.locator('input[name="returnUrl"]').inputValue()).toBe(searched.pathname + searched.search);

    await signIn(page, who.email, "not my password");
    await expect.poll(() => page.getByRole("alert").innerText()).toBe("Wrong email or password");
    expect(await page.getByLabel("Email").inputValue()).toBe(who.email);
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");

    await signIn(page, who.email, who.password);
    await page.waitForURL((u) => u.pathname === searched.pathname && u.search === searched.search);
    expect(await header(page).innerText()).toContain(`Hi, ${who.firstName}`);

    await header(page).getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(url("/"));
    expect(await header(page).getByRole("link", { name: "Sign in" }).count()).toBe(1);
    await context.close();
  });
});
