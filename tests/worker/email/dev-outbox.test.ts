/**
 * /dev/outbox through the whole worker: locally (APP_ENV local, no provider) it lists the newest emails and
 * shows one with its links as plain links, under the site's strict CSP, never cached or indexed; with any
 * other APP_ENV it does not exist (404).
 */
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "#worker/index.ts";
import type { Bindings } from "#worker/env.ts";
import { queueEmail } from "#worker/email/outbox.ts";
import type { EmailMessage } from "#worker/email/templates.ts";
import { deployedBindings } from "../deployed-env";

function get(path: string, bindings: Bindings = env): Promise<Response> {
  const request = new Request(new URL(path, "https://loupe.test"), { redirect: "manual" });
  return Promise.resolve(worker.fetch(request, bindings, createExecutionContext()));
}

const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function queueLocal(message: EmailMessage): Promise<number> {
  return queueEmail(env, { message, clientIp: null }, () => {}, Date.UTC(2026, 10, 1, 9, 30)).then((q) => q.id!);
}

function confirmation(to: string, firstName = "Ada"): EmailMessage {
  return { to, template: "confirm-email", data: { firstName, link: `https://loupe.test/register/confirm?email=${encodeURIComponent(to)}&stamp=abc` } };
}

function expectPrivatePage(res: Response): void {
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("x-robots-tag")).toBe("noindex");
  expect(res.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
}

describe("/dev/outbox (APP_ENV local)", () => {
  it("lists the newest emails: to, template, subject, status, attempts, time", async () => {
    const to = address("list");
    const id = await queueLocal(confirmation(to));
    const res = await get("/dev/outbox");
    expect(res.status).toBe(200);
    expectPrivatePage(res);
    const html = await res.text();
    expect(html).not.toContain("<script");
    const line = html.slice(html.indexOf(`<tr><td>${id}</td>`), html.indexOf("</tr>", html.indexOf(`<tr><td>${id}</td>`)));
    expect(line).toContain(to);
    expect(line).toContain("confirm-email");
    expect(line).toContain(`<a href="/dev/outbox/${id}">Confirm your email address</a>`);
    expect(line).toContain("<td>local</td><td>0</td>");
    expect(line).toContain("2026-11-01 09:30:00");
  });

  it("narrows the list to one address with ?to=", async () => {
    const to = address("only");
    const other = address("other");
    await queueLocal(confirmation(other));
    const id = await queueLocal(confirmation(to));
    const html = await (await get(`/dev/outbox?to=${encodeURIComponent(to.toUpperCase())}`)).text();
    expect(html).toContain(`/dev/outbox/${id}"`);
    expect(html).not.toContain(other);
  });

  it("shows one email: subject, text body, the HTML body in a sandboxed frame, and its links as plain links", async () => {
    const to = address("show");
    const id = await queueLocal(confirmation(to, "<b>Ada</b>"));
    const res = await get(`/dev/outbox/${id}`);
    expect(res.status).toBe(200);
    expectPrivatePage(res);
    const html = await res.text();
    const link = `https://loupe.test/register/confirm?email=${encodeURIComponent(to)}&amp;stamp=abc`;
    expect(html).toContain("<h1>Confirm your email address</h1>");
    expect(html).toContain(`Confirm my email: <a href="${link}">${link}</a>`);
    expect(html).toContain(`<pre>Confirm your email address\n\nHi &lt;b&gt;Ada&lt;/b&gt;,`);
    expect(html).not.toContain("<b>Ada</b>");
    expect(html).toMatch(/<iframe title="HTML body of the email" sandbox="[^"]*allow-top-navigation-by-user-activation[^"]*" srcdoc="&lt;!doctype html&gt;/);
    expect(html).not.toMatch(/sandbox="[^"]*allow-scripts/);
    // Inside srcdoc the email's own escaping is escaped once more, and its links open in the top window.
    expect(html).toContain("&lt;base target=&quot;_top&quot;&gt;");
    expect(html).toContain("&amp;lt;b&amp;gt;Ada&amp;lt;/b&amp;gt;");
    expect(html).not.toContain("<script");
  });

  it("answers 404 for an email that does not exist", async () => {
    const res = await get("/dev/outbox/999999999");
    expect(res.status).toBe(404);
    expectPrivatePage(res);
  });
});

describe("/dev/outbox elsewhere", () => {
  for (const appEnv of ["production", "staging"] as const) {
    it(`does not exist when APP_ENV is ${appEnv}: 404`, async () => {
      const id = await queueLocal(confirmation(address("hidden")));
      for (const path of ["/dev/outbox", `/dev/outbox/${id}`]) {
        const res = await get(path, { ...env, ...deployedBindings(appEnv) });
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain("hidden");
      }
    });
  }
});
