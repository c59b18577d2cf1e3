/**
 * The product's emails: each template's data (links are absolute URLs on this site).
 * STUB (issue 17 foundation): the renderers (subject, HTML and text bodies) come with the email slice.
 */
export interface TemplateData {
  /** After registering: the confirmation link (/register/confirm?…). */
  "confirm-email": { firstName: string; link: string };
  /** Someone registered again with an existing account's email: sign in or reset instead. */
  "already-registered": { firstName: string; signInLink: string; resetLink: string };
  /** A reset link (/reset?…), valid one hour. */
  "reset-password": { firstName: string; link: string };
  /** The password was changed or reset: if it was not you, reset it. */
  "password-changed": { firstName: string; resetLink: string };
  /** A partial account's invitation to complete itself (/register?complete…). */
  "complete-account": { link: string; unsubscribeLink: string };
  /** The welcome popup's offer ($100 off). */
  "welcome-offer": { code: string; shopLink: string; unsubscribeLink: string | null };
}

export type EmailTemplate = keyof TemplateData;

export type EmailMessage = { [T in EmailTemplate]: { to: string; template: T; data: TemplateData[T] } }[EmailTemplate];
