/**
 * §4 "Quiz completion is set once and persisted in local storage and a cookie": the server sets the cookie when
 * the quiz is finished (so it holds without JavaScript); with JavaScript, the results page also keeps the first
 * completion's time in local storage. A later quiz changes neither.
 */
import { QUIZ_COMPLETED_KEY } from "../quiz-context";
import { localStore } from "../state/storage";

/** The stored first completion time, or null (unreadable storage counts as none). */
export function storedCompletion(): number | null {
  try {
    const raw = localStore.getItem(QUIZ_COMPLETED_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the first completion's time (the cookie's, else now) unless one is stored already. */
export function rememberCompletion(fromCookie: number | null, now = Date.now()): void {
  if (storedCompletion() !== null) return;
  // Blocked storage: kept in memory for the page; the cookie still says the quiz was completed.
  localStore.setItem(QUIZ_COMPLETED_KEY, JSON.stringify(fromCookie ?? now));
}
