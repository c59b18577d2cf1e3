/**
 * The welcome offer's gate (issue 20 point 7, decision 025), in every page's entry chunk and kept tiny: nothing
 * renders on the server or in the hydration render; once the page is hydrated, the route's flags allow the
 * popup or the launcher, and the visitor has answered the consent notice, it lazily loads the offer's own
 * chunk (client/components/offer-popup.tsx), which waits for its moment (delay, exit intent or scroll).
 */
import { lazy, Suspense, useEffect, useState } from "react";
import type { RouteFlags } from "#shared/flags.ts";
import { consent } from "../state/consent";
import { useClientSignal } from "../state/use-signal";

const OfferPopup = lazy(() => import("./offer-popup"));

/** The welcome popup and the offer launcher where `flags` allow them (neither before hydration or a consent answer). */
export function Offers({ flags }: { flags: Pick<RouteFlags, "preventCouponPopup" | "hideOfferLauncher"> }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const answered = useClientSignal(consent, null) !== null;
  if (!hydrated || !answered || (flags.preventCouponPopup && flags.hideOfferLauncher)) return null;
  return (
    <Suspense fallback={null}>
      <OfferPopup popup={!flags.preventCouponPopup} launcher={!flags.hideOfferLauncher} />
    </Suspense>
  );
}
