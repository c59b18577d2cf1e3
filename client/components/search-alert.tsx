/**
 * "Save search & alert me" and "Email me if the price drops" (issue 19; §6 login-less alert): the button. Its
 * working part (./search-alert-form.tsx: the save, the email form and their API calls) loads when it is pressed,
 * keeping it out of the search and diamond pages' first-load JavaScript.
 */
import { lazy, Suspense, useState } from "react";
import { session } from "../state/session";
import { useClientSignal } from "../state/use-signal";

import type { AlertTarget } from "./search-alert-form";

export type { AlertTarget };

const AlertMeForm = lazy(() => import("./search-alert-form"));

/** The control for one target (nothing for a signed-in customer on a diamond: their heart does it). */
export function AlertMe({ target }: { target: AlertTarget }) {
  const signedIn = useClientSignal(session, null) !== null;
  const [pressed, setPressed] = useState(false);
  // A customer's price-drop alerts come with their favourites: the heart is the control.
  if (signedIn && target.kind === "diamond") return null;
  const label = target.kind === "search" ? "Save search & alert me" : "Email me if the price drops";
  const button = (
    <p className="alert-me">
      <button type="button" className="link-button" onClick={() => setPressed(true)} disabled={pressed}>
        {label}
      </button>
    </p>
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <AlertMeForm target={target} signedIn={signedIn} label={label} />
    </Suspense>
  );
}
