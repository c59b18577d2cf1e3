/**
 * What a Google or Facebook sign-in proves about a person, once its token has been verified
 * (google.ts, facebook.ts): the provider's stable id for them and the profile the account is linked to or
 * made from. Also the one failure that is not the shopper's: the provider could not be asked.
 */

/** The verified identity and profile of an external sign-in. */
export interface ExternalProfile {
  provider: "google" | "facebook";
  /** The provider's stable id of the person: Google's `sub`, Facebook's app-scoped user id. */
  subject: string;
  /** null when the provider gave none (a Facebook account registered with a phone number, or without the email scope). */
  email: string | null;
  /**
   * Google: its `email_verified` claim. Facebook: always false — the Graph API gives no verified flag for the
   * email, so it never links to an existing account by itself (docs/decisions/054-accounts-hardening.md).
   */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  pictureUrl: string | null;
}

/**
 * The provider could not be asked (network error, time-out, 5xx, an answer that is not its documented shape):
 * nothing is known about the token, so the route answers 502 and the shopper can try again. Invalid tokens are
 * `refused("unauthorized", …)` instead.
 */
export class ProviderUnavailable extends Error {
  /**
   * @param detail for the operator's log (e.g. "GET /debug_token answered 503"); the message, safe to show the
   * shopper, is "Google could not be reached; try again".
   */
  constructor(
    readonly provider: ExternalProfile["provider"],
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider === "google" ? "Google" : "Facebook"} could not be reached; try again`, options);
    this.name = "ProviderUnavailable";
  }
}

/** Calls the configured fetch (tests hand in their own) as a plain function: workerd refuses `fetch` called as a method of another object. */
export function providerFetch(custom: typeof fetch | undefined): typeof fetch {
  return custom ? (input, init) => custom(input, init) : (input, init) => fetch(input, init);
}

/** How long a provider call may take before it counts as unavailable. */
export const PROVIDER_TIMEOUT_MS = 5000;
