/**
 * A link whose address was stored (content, a retailer's directory entry): rendered as a link only when the
 * address is an http(s) URL or a safe path of this site (shared/safe-url.ts), otherwise its text alone — a
 * stored `javascript:` or `//other.example` never becomes a link (docs/decisions/051-safe-redirects-and-stored-urls.md).
 */
import type { ReactNode } from "react";
import { safeHref } from "#shared/safe-url.ts";

export function StoredLink({ href, rel, children }: { href: string | null | undefined; rel?: string; children: ReactNode }) {
  const safe = safeHref(href);
  return safe ? (
    <a href={safe} rel={rel}>
      {children}
    </a>
  ) : (
    children
  );
}
