/**
 * Puts the toasts on the page (decision 043): client/root.tsx loads this chunk once the browser is idle after
 * hydration and it renders the toast component in its own container at the end of <body>, outside the page's
 * React tree (nothing of it is in the first-load entry, and page navigations never re-render it). The live
 * region is there, empty, before a toast is likely, so the first toast is announced too.
 */
import { createRoot } from "react-dom/client";
import { Toasts } from "./toasts";

let mounted = false;

/** Mounts the toasts once per document. */
export function mountNotifications(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement("div");
  container.id = "notifications";
  document.body.append(container);
  createRoot(container).render(<Toasts />);
}
