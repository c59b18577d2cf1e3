/**
 * Where the toasts render (client/root.tsx, after the page's main content so Tab reaches a toast right after
 * what the shopper was doing). Tiny on purpose: the toast component and its store load as their own chunk once
 * the browser is idle after hydration (decision 004's budget), before any toast is likely; a toast asked for
 * earlier waits in the store and shows when the component arrives.
 */
import { useEffect, useState, type ComponentType } from "react";

export function Notifications() {
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    let mounted = true;
    const load = () =>
      import("./toasts").then(
        (m) => mounted && setView(() => m.Toasts),
        (err: unknown) => console.warn("notifications unavailable", err),
      );
    if (typeof requestIdleCallback === "function") requestIdleCallback(load, { timeout: 2000 });
    else setTimeout(load, 50);
    return () => {
      mounted = false;
    };
  }, []);
  return View ? <View /> : null;
}
