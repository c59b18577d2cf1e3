/**
 * Notification (toast) options as §5 and §8 describe them, pure so both the browser store and the tests use
 * the same rules (decision 043): a position among nine, a non-negative timeout (default 5,000 ms, 0 sticky),
 * a badge position for grouped counts, a required message. An invalid option is logged with the §8 message and
 * replaced by its default, so a caller's mistake never costs the shopper the message; a missing message is
 * logged and nothing is shown.
 */

/** §5: where a toast stack sits on the screen. */
export const NOTIFICATION_POSITIONS = ["top-left", "top-right", "bottom-left", "bottom-right", "top", "bottom", "left", "right", "center"] as const;
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number];

/** Where a grouped toast's count badge sits on the toast (the spec names the option, not its values: decision 043). */
export const BADGE_POSITIONS = ["top-left", "top-right", "bottom-left", "bottom-right"] as const;
export type BadgePosition = (typeof BADGE_POSITIONS)[number];

/** The tone of a toast: how it is styled (every tone is announced politely). */
export const NOTIFICATION_TONES = ["info", "success", "error"] as const;
export type NotificationTone = (typeof NOTIFICATION_TONES)[number];

/** §9: a toast leaves after 5,000 ms unless told otherwise; 0 keeps it until dismissed. */
export const DEFAULT_NOTIFICATION_TIMEOUT_MS = 5000;
export const STICKY = 0;
/** Bottom centre: in reach of a thumb on a phone, clear of the header and the cart button on a desktop. */
export const DEFAULT_NOTIFICATION_POSITION: NotificationPosition = "bottom";
export const DEFAULT_BADGE_POSITION: BadgePosition = "top-right";
/** Longest message kept (a toast is a sentence, not a page). */
export const MAX_NOTIFICATION_MESSAGE = 200;

/** §8 notification logs, exactly. */
export const NOTIFICATION_LOGS = {
  position: "wrong position",
  timeout: "wrong timeout",
  badgePosition: "wrong badgePosition",
  required: "parameter required",
} as const;
export type NotificationLog = (typeof NOTIFICATION_LOGS)[keyof typeof NOTIFICATION_LOGS];

/** What a caller may pass: everything but the message optional, and unchecked until `notificationOptions`. */
export interface NotificationInput {
  message?: unknown;
  position?: unknown;
  timeout?: unknown;
  badgePosition?: unknown;
  tone?: unknown;
  /** Toasts with the same group share one toast and count up (a badge) instead of stacking; they cannot be updated. */
  group?: unknown;
}

/** Options after validation: every field set. */
export interface NotificationOptions {
  message: string;
  position: NotificationPosition;
  timeout: number;
  badgePosition: BadgePosition;
  tone: NotificationTone;
  group: string | null;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === "string" && (list as readonly string[]).includes(value);

/** §5 timeout: a finite number ≥ 0 (Infinity would make `setTimeout` fire at once). */
export function validTimeout(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

/**
 * Validates a notification's options: each invalid option is logged (`log`, the §8 message) and falls back to
 * its default; an absent one takes its default silently. A missing or blank message logs 'parameter required'
 * and answers null (nothing to show). An unknown tone or an empty group are quietly ignored (not in the spec).
 */
export function notificationOptions(input: NotificationInput | null | undefined, log: (message: NotificationLog) => void): NotificationOptions | null {
  const message = typeof input?.message === "string" ? input.message.trim() : "";
  if (!input || message === "") {
    log(NOTIFICATION_LOGS.required);
    return null;
  }
  const pick = <T>(value: unknown, valid: (v: unknown) => v is T, fallback: T, wrong: NotificationLog): T => {
    if (value === undefined) return fallback;
    if (valid(value)) return value;
    log(wrong);
    return fallback;
  };
  return {
    message: message.slice(0, MAX_NOTIFICATION_MESSAGE),
    position: pick(input.position, (v) => isOneOf(NOTIFICATION_POSITIONS, v), DEFAULT_NOTIFICATION_POSITION, NOTIFICATION_LOGS.position),
    timeout: pick(input.timeout, validTimeout, DEFAULT_NOTIFICATION_TIMEOUT_MS, NOTIFICATION_LOGS.timeout),
    badgePosition: pick(input.badgePosition, (v) => isOneOf(BADGE_POSITIONS, v), DEFAULT_BADGE_POSITION, NOTIFICATION_LOGS.badgePosition),
    tone: isOneOf(NOTIFICATION_TONES, input.tone) ? input.tone : "info",
    group: typeof input.group === "string" && input.group !== "" ? input.group : null,
  };
}

/**
 * What `update` may change: the message, the tone and the timeout (which restarts). The position and the group
 * stay as created; a grouped notification cannot be updated at all (§5: the store refuses it).
 */
export interface NotificationPatch {
  message?: unknown;
  tone?: unknown;
  timeout?: unknown;
}

/**
 * Applies a patch to valid options with the same rules as `notificationOptions`: a blank message logs
 * 'parameter required' and keeps the current one; a wrong timeout logs 'wrong timeout' and keeps the current one.
 */
export function patchedOptions(current: NotificationOptions, patch: NotificationPatch, log: (message: NotificationLog) => void): NotificationOptions {
  const next = { ...current };
  if (patch.message !== undefined) {
    const message = typeof patch.message === "string" ? patch.message.trim() : "";
    if (message === "") log(NOTIFICATION_LOGS.required);
    else next.message = message.slice(0, MAX_NOTIFICATION_MESSAGE);
  }
  if (patch.timeout !== undefined) {
    if (validTimeout(patch.timeout)) next.timeout = patch.timeout;
    else log(NOTIFICATION_LOGS.timeout);
  }
  if (isOneOf(NOTIFICATION_TONES, patch.tone)) next.tone = patch.tone;
  return next;
}
