/**
 * Where an account page returns to: a safe path of this site (shared/safe-path.ts — no open redirect), and
 * never a sign-in or registration page; anything else returns to `/`.
 */
import { safePath } from "../safe-path";

/** The path an account flow returns to after it: `raw` made a safe path, `fallback` for a sign-in or registration page. */
export function accountReturnPath(raw: unknown, fallback = "/"): string {
  const path = safePath(raw, fallback);
  return isAccountEntry(path.split(/[?#]/, 1)[0] ?? "") ? fallback : path;
}

/** The stored route is never a sign-in or registration page. */
export function isAccountEntry(pathname: string): boolean {
  return /^\/(?:login|register)(?:\/|$)/i.test(pathname);
}
