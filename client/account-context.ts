/**
 * The customer's account as page loaders and actions use it. Account pages post their forms as documents
 * (they work without JavaScript, and a sign-in changes every page's header), so their actions run on the
 * server, where worker/loaders/account.ts provides this service: it calls the account services and sets or
 * clears the session cookie on the page's response itself. Route modules never see the token.
 */
import { createContext } from "react-router";
import type { AccountSession, GuidUser } from "#shared/accounts/schemas.ts";
import type { Outcome } from "#shared/refusal.ts";

/** The signed-in customer as pages show them (no token: it lives in the HttpOnly cookie). */
export interface SignedInUser {
  firstName: string;
  lastName: string;
  email: string;
  userGuid: string;
  accountConfirmed: boolean;
  profileImageUrl: string | null;
  fbUserId: string | null;
}

/** Which social sign-ins this site has configured (unconfigured ones are not shown). */
export interface SocialSignIn {
  google: boolean;
  facebook: boolean;
}

/** A message for the page (the same wording whatever the email: no user enumeration). */
export type Notice = Outcome<{ message: string }>;

export type UnsubscribeList = "marketing" | "partialAccount" | "insurance" | "orderReviews" | "alerts";

export interface AccountService {
  /** The signed-in customer of this request, or null. */
  current(): Promise<SignedInUser | null>;
  social: SocialSignIn;
  /**
   * Signs in with email and password; on success the session cookie is set on this response. Refusals:
   * unauthorized (wrong email or password), forbidden (email not confirmed; the link was sent again),
   * rate_limited (too many failures; `retryAfter` seconds), bad_request (a field, in `details`).
   */
  login(input: { email: string; password: string }): Promise<Outcome<{ user: SignedInUser }>>;
  /** Ends this session and clears the cookie. */
  logout(): Promise<void>;
  register(input: { firstName: string; lastName: string; email: string; password: string; returnUrl?: string }): Promise<Notice>;
  /** Confirms the email from the link; bad_request when the link is not valid, expired or used. */
  confirm(input: { email: string; securityStamp: string }): Promise<Outcome<{ email: string }>>;
  resendConfirmation(input: { email: string }): Promise<Notice>;
  /** Emails a reset link (returnUrl: where the reset page sends them after). */
  sendReset(input: { email: string; returnUrl?: string }): Promise<Notice>;
  /** Sets a new password from the reset link (every session ends); bad_request for a bad link or a weak password. */
  reset(input: { email: string; securityStamp: string; password: string }): Promise<Notice>;
  /** Completes a partial account from its link, and signs in (cookie set). */
  completeRegistration(input: {
    email: string;
    securityStamp: string;
    firstName: string;
    lastName: string;
    password: string;
  }): Promise<Outcome<{ user: SignedInUser }>>;
  /** The signed-in customer's sessions (never a token), most recently used first; null when signed out. */
  sessions(): Promise<AccountSession[] | null>;
  /** Ends one of the customer's sessions by its id (this one too: then the cookie is cleared); not_found for anyone else's. */
  revokeSession(id: string): Promise<Outcome<{ current: boolean }>>;
  /** Adds the Facebook identity to the account from the emailed link, and signs in (cookie set); bad_request for a bad link. */
  linkFacebook(input: { email: string; facebookId: string; securityStamp: string }): Promise<Outcome<{ user: SignedInUser }>>;
  /** The user behind an emailed link's guid (masked email), or null. */
  userByGuid(guid: string): Promise<GuidUser | null>;
  unsubscribe(guid: string, list: UnsubscribeList): Promise<Outcome<{ list: UnsubscribeList }>>;
}

export const accountContext = createContext<AccountService>();
