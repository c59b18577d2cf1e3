/**
 * The customer's account as the server's page loaders and actions use it (client/account-context.ts):
 * the account services, a refusal answered as the page's message instead of thrown, and the session
 * cookies set or cleared on this page's response. A sign-in also brings the visitor's cart along.
 */
import * as v from "valibot";
import type { AccountService, SignedInUser } from "#client/account-context.ts";
import {
  CompleteRegistrationRequest,
  ConfirmRequest,
  EmailRequest,
  FacebookLinkRequest,
  LoginRequest,
  RegisterRequest,
  ResetRequest,
  type SignedIn,
} from "#shared/accounts/schemas.ts";
import { refuse, refused, type Outcome } from "#shared/refusal.ts";
import type { AccountDeps } from "../accounts/deps";
import { linkFacebook } from "../accounts/external-sign-in";
import { guidUser, unsubscribe } from "../accounts/mailing";
import { completeRegistration, confirm, register, resendConfirmation, userWithGuid } from "../accounts/registration";
import { listSessions, revokeSessionById } from "../accounts/sessions";
import { login, logout, reset, sendReset } from "../accounts/sign-in";
import type { User } from "../accounts/users";
import { outcome } from "./cart";

function shown(u: Pick<User, "firstName" | "lastName" | "email" | "userGuid" | "accountConfirmed" | "profileImageUrl" | "fbUserId">): SignedInUser {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    userGuid: u.userGuid,
    accountConfirmed: u.accountConfirmed,
    profileImageUrl: u.profileImageUrl,
    fbUserId: u.fbUserId,
  };
}

/** Validates a form's fields with the call's schema: the first problem of each field, by field name. */
function parsed<S extends v.GenericSchema>(schema: S, input: unknown): Outcome<{ value: v.InferOutput<S> }> {
  const r = v.safeParse(schema, input);
  if (r.success) return { ok: true, value: r.output };
  const details = r.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message }));
  return refuse("bad_request", "Please correct the fields shown.", details);
}

/** What the page request gives the account service (worker/middleware/account.ts builds it). */
export interface AccountRequest {
  deps: () => AccountDeps;
  session: () => Promise<{ user: User; token: string; via: "cookie" | "bearer" } | null>;
  social: AccountService["social"];
  /** A sign-in happened: set the session cookies, bring the visitor's cart along. */
  signedIn: (s: SignedIn) => Promise<void>;
  /** The session ended: clear the cookies. */
  signedOut: () => void;
}

/** The server's account service for one page request. */
export function serverAccount(r: AccountRequest): AccountService {
  const { deps } = r;
  const run = <T extends object>(work: () => Promise<T>) => outcome(work);
  return {
    current: async () => {
      const session = await r.session();
      return session ? shown(session.user) : null;
    },
    social: r.social,
    login: async (input) => {
      const p = parsed(LoginRequest, input);
      if (!p.ok) return p;
      return run(async () => {
        const signedIn = await login(deps(), p.value);
        await r.signedIn(signedIn);
        return { user: shown(signedIn.user) };
      });
    },
    logout: async () => {
      const session = await r.session();
      if (session?.via === "cookie") await logout(deps(), session.token);
      r.signedOut();
    },
    register: async (input) => {
      const p = parsed(RegisterRequest, input);
      return p.ok ? run(() => register(deps(), p.value)) : p;
    },
    confirm: async (input) => {
      const p = parsed(ConfirmRequest, input);
      return p.ok ? run(() => confirm(deps(), p.value)) : p;
    },
    resendConfirmation: async (input) => {
      const p = parsed(EmailRequest, input);
      return p.ok ? run(() => resendConfirmation(deps(), p.value)) : p;
    },
    sendReset: async (input) => {
      const p = parsed(EmailRequest, input);
      return p.ok ? run(() => sendReset(deps(), p.value)) : p;
    },
    reset: async (input) => {
      const p = parsed(ResetRequest, input);
      if (!p.ok) return p;
      const done = await run(() => reset(deps(), p.value));
      // The reset ended every session, this browser's included.
      if (done.ok) r.signedOut();
      return done;
    },
    completeRegistration: async (input) => {
      const p = parsed(CompleteRegistrationRequest, input);
      if (!p.ok) return p;
      return run(async () => {
        const signedIn = await completeRegistration(deps(), p.value);
        await r.signedIn(signedIn);
        return { user: shown(signedIn.user) };
      });
    },
    sessions: async () => {
      const session = await r.session();
      return session ? listSessions(deps().env.DB, session.user.id, session.token, deps().now) : null;
    },
    revokeSession: async (id) =>
      run(async () => {
        const session = (await r.session()) ?? refused("unauthorized", "Sign in to continue.");
        const current = (await listSessions(deps().env.DB, session.user.id, session.token, deps().now)).some((s) => s.id === id && s.current);
        await revokeSessionById(deps().env.DB, session.user.id, id);
        if (current) r.signedOut();
        return { current };
      }),
    linkFacebook: async (input) => {
      const p = parsed(FacebookLinkRequest, input);
      if (!p.ok) return p;
      return run(async () => {
        const signedIn = await linkFacebook(deps(), p.value);
        await r.signedIn(signedIn);
        return { user: shown(signedIn.user) };
      });
    },
    userByGuid: async (guid) => {
      const r = await run(async () => guidUser(await userWithGuid(deps(), guid)));
      return r.ok ? r : null;
    },
    unsubscribe: async (guid, list) => {
      const r = await run(() => unsubscribe(deps(), guid, list));
      return r.ok ? { ok: true, list: r.list } : r;
    },
  };
}
