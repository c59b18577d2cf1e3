/**
 * Accounts on the wire (§3 Stored user and Token record, §7 Accounts, §5 email pattern): what the account
 * calls take and answer. One copy for the worker's validation, the OpenAPI document and the pages' forms.
 */
import * as v from "valibot";

/**
 * §5 "a standard address pattern": the WHATWG HTML `type=email` pattern, with a dot in the domain (an
 * address a shop can send to). The welcome popup's signup is sent only when it matches.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const MIN_PASSWORD_LENGTH = 8;
/** Long passphrases are welcome; the bound only keeps one request's input small. */
export const MAX_PASSWORD_LENGTH = 1024;

export const Email = v.pipe(
  v.string("email is required"),
  v.trim(),
  v.maxLength(254, "email is too long"),
  v.regex(EMAIL_PATTERN, "Enter a valid email address"),
);

/** A new password: length only here; the worker also refuses common passwords (worker/accounts/passwords.ts). */
export const NewPassword = v.pipe(
  v.string("password is required"),
  v.minLength(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`),
  v.maxLength(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`),
);
/** A password typed to sign in (any length the form allows; a wrong one is just wrong). */
export const Password = v.pipe(
  v.string("password is required"),
  v.minLength(1, "Enter your password"),
  v.maxLength(MAX_PASSWORD_LENGTH, "password is too long"),
);

const Name = (field: string) =>
  v.pipe(v.string(`${field} is required`), v.trim(), v.minLength(1, `Enter your ${field}`), v.maxLength(100, `${field} is too long`));
const OptionalName = (field: string) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, `${field} is too long`)), "");

/** A link's proof (the `securityStamp` of a confirmation, completion or reset link). */
export const LinkStamp = v.pipe(v.string("securityStamp is required"), v.trim(), v.maxLength(200), v.regex(/^[\w.-]{16,200}$/, "This link is not valid"));

export const UserGuid = v.pipe(v.string("userGuid is required"), v.trim(), v.maxLength(36), v.uuid("userGuid must be a GUID"));
export const GuidParam = v.object({ guid: UserGuid });

/** A path on this site to return to (anything else is replaced by `/`: shared/accounts/return-url.ts). */
export const ReturnUrl = v.optional(v.pipe(v.string(), v.maxLength(2000)));

export const RegisterRequest = v.object({
  firstName: Name("first name"),
  lastName: Name("last name"),
  email: Email,
  password: NewPassword,
  returnUrl: ReturnUrl,
});
export type RegisterRequest = v.InferOutput<typeof RegisterRequest>;

export const LoginRequest = v.object({ email: Email, password: Password, returnUrl: ReturnUrl });
export type LoginRequest = v.InferOutput<typeof LoginRequest>;

export const EmailRequest = v.object({ email: Email, returnUrl: ReturnUrl });
export const ConfirmRequest = v.object({ email: Email, securityStamp: LinkStamp });
export const ResetRequest = v.object({ email: Email, securityStamp: LinkStamp, password: NewPassword });
/** `POST accounts/reset`: with a stamp and a password it sets the password, with an email alone it sends the link. */
export const ResetOrSendRequest = v.union([ResetRequest, EmailRequest], "Send an email, or an email with securityStamp and password");
export const CompleteRegistrationRequest = v.object({
  email: Email,
  securityStamp: LinkStamp,
  firstName: Name("first name"),
  lastName: Name("last name"),
  password: NewPassword,
});
export const PartialAccountRequest = v.object({
  email: Email,
  firstName: OptionalName("first name"),
  lastName: OptionalName("last name"),
  source: v.optional(v.pipe(v.string(), v.maxLength(60))),
});
export const ChangePasswordRequest = v.object({ currentPassword: Password, newPassword: NewPassword });
export const GoogleLoginRequest = v.object({ idToken: v.pipe(v.string("idToken is required"), v.minLength(10), v.maxLength(8192)) });
export const FacebookLoginRequest = v.object({ accessToken: v.pipe(v.string("accessToken is required"), v.minLength(10), v.maxLength(4096)) });
/** The emailed link that adds a Facebook identity to the account with the email (its owner agrees). */
export const FacebookLinkRequest = v.object({
  email: Email,
  facebookId: v.pipe(v.string("facebookId is required"), v.maxLength(30), v.regex(/^\d{1,30}$/, "facebookId is not a Facebook id")),
  securityStamp: LinkStamp,
});
export const UnsubscribeRequest = v.object({ userGuid: UserGuid });
/** `data`: the opaque value of the insurance email's unsubscribe link (the user's guid). */
export const UnsubscribeDataRequest = v.object({ data: UserGuid });
export const EmailCaptureRequest = v.object({
  email: v.pipe(v.string("email is required"), v.trim(), v.maxLength(254, "email is too long")),
  source: v.pipe(v.string("source is required"), v.trim(), v.maxLength(60), v.regex(/^[\w-]{1,60}$/, "source must be a short name")),
});
export const WELCOME_POPUP_SOURCE = "welcome-100-popup";

/** §3 Stored user. `token` is the bearer token for API clients; null where the session lives in the HttpOnly cookie. */
export const StoredUser = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  token: v.nullable(v.string()),
  fbUserId: v.nullable(v.string()),
  profileImageUrl: v.nullable(v.string()),
  userGuid: v.string(),
  accountConfirmed: v.boolean(),
});
export type StoredUser = v.InferOutput<typeof StoredUser>;

/** §3 Token record: the session token and when it expires (epoch ms). */
export const TokenRecord = v.object({ data: v.string(), expires: v.number() });
export type TokenRecord = v.InferOutput<typeof TokenRecord>;

/** A sign-in's answer: the user (its `token` is the token's data) and the token record. */
export const SignedIn = v.object({ user: StoredUser, token: TokenRecord, returnUrl: v.string() });
export type SignedIn = v.InferOutput<typeof SignedIn>;

/** One of the signed-in customer's sessions as they see it: a public id (never the token), times in epoch ms. */
export const AccountSession = v.object({
  id: v.string(),
  createdAt: v.number(),
  /** Written at most hourly. */
  lastUsedAt: v.number(),
  /** The browser that opened it, in a few words ("Firefox on Windows"). */
  device: v.string(),
  /** The session of this request. */
  current: v.boolean(),
});
export type AccountSession = v.InferOutput<typeof AccountSession>;
export const AccountSessions = v.object({ sessions: v.array(AccountSession) });
export const SessionParam = v.object({ id: v.pipe(v.string(), v.maxLength(24), v.regex(/^[0-9a-f]{24}$/, "Not a session id")) });

/** The answer of calls that must not tell whether an email is known: always the same shape and wording. */
export const AccountNotice = v.object({ message: v.string() });
export type AccountNotice = v.InferOutput<typeof AccountNotice>;

export const VerifiedEmail = v.object({ email: v.string(), valid: v.boolean() });
export const Confirmed = v.object({ email: v.string(), accountConfirmed: v.literal(true) });

/** What an emailed link's guid shows (the unsubscribe page): the address masked. */
export const GuidUser = v.object({
  userGuid: v.string(),
  firstName: v.string(),
  maskedEmail: v.string(),
  partial: v.boolean(),
  unsubscribed: v.object({ marketing: v.boolean(), partialAccount: v.boolean(), insurance: v.boolean(), orderReviews: v.boolean(), alerts: v.boolean() }),
});
export type GuidUser = v.InferOutput<typeof GuidUser>;

export const Unsubscribed = v.object({ userGuid: v.string(), list: v.picklist(["marketing", "partialAccount", "insurance", "orderReviews", "alerts"]) });
export const EmailCaptured = v.object({ captured: v.boolean() });
