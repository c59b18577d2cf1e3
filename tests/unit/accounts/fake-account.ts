/**
 * An in-memory AccountService (client/account-context.ts) for rendering the account pages in Node: it
 * records each call and answers what the test set, and `render` runs a request through the server renderer
 * (client/entry.server.tsx) as the worker does — so the pages' loaders, actions, status codes and HTML are
 * tested without the worker.
 */
import { RouterContextProvider } from "react-router";
import { type AccountService, type SignedInUser, accountContext } from "#client/account-context.ts";
import { contentContext } from "#client/content-context.ts";
import { visitorContext } from "#client/context.ts";
import { renderPage } from "#client/entry.server";
import type { AccountSession, GuidUser } from "#shared/accounts/schemas.ts";
import type { Refusal } from "#shared/refusal.ts";

export const ADA: SignedInUser = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  userGuid: "0b7e0c5e-1d2a-4f3b-9c8d-7e6f5a4b3c2d",
  accountConfirmed: true,
  profileImageUrl: null,
  fbUserId: null,
};

export const ADA_GUID_USER: GuidUser = {
  userGuid: ADA.userGuid,
  firstName: "Ada",
  maskedEmail: "a**@example.com",
  partial: false,
  unsubscribed: { marketing: false, partialAccount: false, insurance: false, orderReviews: false, alerts: false },
};

export interface Call {
  method: keyof AccountService;
  args: unknown[];
}

/** A fake account service: every call succeeds unless `refuse[method]` holds a refusal for it. */
export function fakeAccount(options: { user?: SignedInUser | null; social?: { google: boolean; facebook: boolean }; sessions?: AccountSession[] } = {}) {
  const calls: Call[] = [];
  const refusals: Partial<Record<keyof AccountService, Refusal>> = {};
  let guidUser: GuidUser | null = ADA_GUID_USER;
  const record = (method: keyof AccountService, ...args: unknown[]) => {
    calls.push({ method, args });
    return refusals[method];
  };
  const notice = { ok: true as const, message: "We sent you an email." };
  const service: AccountService = {
    current: async () => options.user ?? null,
    social: options.social ?? { google: false, facebook: false },
    login: async (input) => record("login", input) ?? { ok: true, user: ADA },
    logout: async () => void record("logout"),
    register: async (input) => record("register", input) ?? notice,
    confirm: async (input) => record("confirm", input) ?? { ok: true, email: input.email },
    resendConfirmation: async (input) => record("resendConfirmation", input) ?? { ok: true, message: "We sent a new confirmation link." },
    sendReset: async (input) => record("sendReset", input) ?? notice,
    reset: async (input) => record("reset", input) ?? { ok: true, message: "Your password is set." },
    completeRegistration: async (input) => record("completeRegistration", input) ?? { ok: true, user: ADA },
    sessions: async () => {
      record("sessions");
      return options.user ? (options.sessions ?? []) : null;
    },
    revokeSession: async (id) => record("revokeSession", id) ?? { ok: true, current: false },
    linkFacebook: async (input) => record("linkFacebook", input) ?? { ok: true, user: ADA },
    userByGuid: async (guid) => {
      record("userByGuid", guid);
      return guidUser?.userGuid === guid ? guidUser : null;
    },
    unsubscribe: async (guid, list) => record("unsubscribe", guid, list) ?? { ok: true, list },
  };
  return {
    service,
    calls,
    refuse(method: keyof AccountService, r: Refusal) {
      refusals[method] = r;
    },
    setGuidUser(u: GuidUser | null) {
      guidUser = u;
    },
    /** The calls of one method, by their arguments. */
    argsOf(method: keyof AccountService) {
      return calls.filter((c) => c.method === method).map((c) => c.args);
    },
  };
}

const ORIGIN = "http://loupe.test";

/** A page request's services as the worker sets them: a desktop visitor, no traffic alert, this account service. */
export function pageContext(account: AccountService | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(visitorContext, {
    requestId: "r",
    visitorId: "v",
    isNewUser: false,
    fromSearchEngine: false,
    theme: "light",
    platform: "desktop",
    countryCode: null,
    regionCode: null,
    variants: {},
  });
  context.set(contentContext, { trafficAlert: async () => null });
  if (account) context.set(accountContext, account);
  return context;
}

/** Renders `path` (a GET, or a POST of `form`) with these services (`pageContext`), as the worker's page handler does. */
export function renderIn(context: RouterContextProvider, path: string, form?: Record<string, string>): Promise<Response> {
  const init: RequestInit = form
    ? { method: "POST", body: new URLSearchParams(form), headers: { "content-type": "application/x-www-form-urlencoded" } }
    : { method: "GET" };
  return renderPage(new Request(ORIGIN + path, init), { context, nonce: "nonce", manifest: {} });
}

/** Renders `path` (a GET, or a POST of `form`) with this account service, as the worker's page handler does. */
export function render(account: AccountService | null, path: string, form?: Record<string, string>): Promise<Response> {
  return renderIn(pageContext(account), path, form);
}

/** The part of the page from `open` to `close`, without React's text separators (`<!-- -->`). */
function part(page: string, open: string, close: string): string {
  const start = page.indexOf(open);
  return start < 0 ? "" : page.slice(start, page.indexOf(close, start) + close.length).replaceAll("<!-- -->", "");
}

/** The page's main content (between <main> and </main>). */
export const mainOf = (page: string) => part(page, '<main id="main">', "</main>");

/** The page's header (the account menu lives there). */
export const headerOf = (page: string) => part(page, "<header", "</header>");

/** The opening tag of the input named `name`, or undefined. */
export function inputTag(page: string, name: string): string | undefined {
  return page.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
}

/** The value of an attribute in a tag (HTML entities of quotes and ampersands decoded). */
export function attr(tag: string | undefined, name: string): string | undefined {
  const raw = tag?.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  return raw
    ?.replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}
