/**
 * A `returnUrl` is honoured only as a path on this site (no open redirect): a single leading slash, no
 * scheme, no host, no backslash tricks; anything else returns to `/`. §2: never back to /login or /register.
 */
export function safeReturnPath(raw: string | null | undefined, fallback = "/"): string {
  if (typeof raw !== "string" || raw === "" || raw.length > 2000) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\") || hasControl(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, "https://loupe.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "https://loupe.invalid") return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isAccountEntry(url.pathname) ? fallback : path;
}

function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 32 || s.charCodeAt(i) === 127) return true;
  return false;
}

/** §2: the stored route is never a sign-in or registration page. */
export function isAccountEntry(pathname: string): boolean {
  return /^\/(?:login|register)(?:\/|$)/i.test(pathname);
}
