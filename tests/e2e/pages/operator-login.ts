/**
 * The operator's way in on a developer's machine (docs/decisions/056-operator-access.md): an operator page shows a
 * login form to anyone without the admin session; the admin token is typed there, never put in the address.
 */
import type { Page } from "playwright-core";
import { E2E_ADMIN_TOKEN } from "../server";
import { url } from "./browser";

/** Opens the operator page at `path`, signing in through its login form when the context has no admin session yet. */
export async function signInAsOperator(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  const form = page.locator('form[action="/operator/login"]');
  if ((await form.count()) === 0) return;
  await form.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === path && u.search === "");
}

/** A page-type step (tests/e2e/pages/page-types.ts): the operator page at `path`, signed in. */
export const operatorPage = (path: string) => (page: Page) => signInAsOperator(page, path);
