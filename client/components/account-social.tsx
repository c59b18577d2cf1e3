/**
 * Social sign-in buttons (issue 17 point 5): links that start Google's or Facebook's sign-in on the worker
 * (`/login/google?returnUrl=…`, `/login/facebook?returnUrl=…`). A provider shows only when the site has it
 * configured, and Google never on a page whose flags prevent Google sign-in (§2, §6: cart, checkout, orders,
 * the quiz) — so any page can include this component safely.
 */
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import type { RouteFlags } from "#shared/flags.ts";
import type { SocialSignIn as SocialConfig } from "../account-context";

export type SocialProvider = "google" | "facebook";

/** The providers to offer on a page, in display order. */
export function socialProviders(social: SocialConfig | null | undefined, flags: Pick<RouteFlags, "preventGoogleSignIn">): SocialProvider[] {
  const out: SocialProvider[] = [];
  if (social?.google && !flags.preventGoogleSignIn) out.push("google");
  if (social?.facebook) out.push("facebook");
  return out;
}

/** Where a provider's button starts its sign-in, returning to `returnUrl` (made a safe path) after. */
export function socialHref(provider: SocialProvider, returnUrl: string | null | undefined): string {
  return `/login/${provider}?returnUrl=${encodeURIComponent(accountReturnPath(returnUrl))}`;
}

const LABEL: Record<SocialProvider, string> = { google: "Continue with Google", facebook: "Continue with Facebook" };

/** The configured providers' buttons for this page (nothing when none applies). */
export function SocialSignIn({
  social,
  flags,
  returnUrl,
}: {
  social: SocialConfig | null | undefined;
  flags: Pick<RouteFlags, "preventGoogleSignIn">;
  returnUrl: string | null;
}) {
  const providers = socialProviders(social, flags);
  if (providers.length === 0) return null;
  return (
    <div className="social-sign-in">
      {providers.map((p) => (
        <a key={p} className={`social-button ${p}`} href={socialHref(p, returnUrl)}>
          {LABEL[p]}
        </a>
      ))}
    </div>
  );
}
