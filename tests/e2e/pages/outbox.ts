/** The local outbox (`/dev/outbox`, APP_ENV local) as the browser tests read it: an email's links. */
import type { Page } from "playwright-core";
import { url } from "./browser";

/**
 * The link to `path` in the newest email to `to` that has one, as a path on the shop (its query kept), or
 * null: opens the outbox, then each of that recipient's emails until one links there (the page stays on it).
 */
export async function outboxLink(page: Page, to: string, path: string): Promise<string | null> {
  await page.goto(url("/dev/outbox"));
  const rows = page.locator("li, tr").filter({ hasText: to });
  const emails = await rows.locator('a[href*="/dev/outbox/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  for (const email of emails) {
    await page.goto(new URL(email, url("/")).href);
    const link = page.locator(`a[href*="${path}"]`).first();
    if ((await link.count()) > 0) {
      const href = new URL((await link.getAttribute("href"))!, url("/"));
      return href.pathname + href.search;
    }
  }
  return null;
}

/** {@link outboxLink}, for an email that must be there already. */
export async function linkFromOutbox(page: Page, to: string, path: string): Promise<string> {
  const link = await outboxLink(page, to, path);
  if (link === null) throw new Error(`no email to ${to} in /dev/outbox links to ${path}`);
  return link;
}

/** Whether an email to `to` says `text` (its subject or its body). */
export async function outboxSays(page: Page, to: string, text: string): Promise<boolean> {
  await page.goto(url(`/dev/outbox?to=${encodeURIComponent(to)}`));
  const emails = await page.locator('a[href*="/dev/outbox/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  for (const email of emails) {
    await page.goto(new URL(email, url("/")).href);
    if ((await page.content()).includes(text)) return true;
  }
  return false;
}
