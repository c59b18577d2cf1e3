/**
 * The concierge chat's scheduler (issue 23 point 5; docs/decisions/044-concierge-chat.md): its own chunk, imported
 * when the browser is idle after hydration (client/root.tsx) — nothing of the chat is in the entry. It waits the
 * page's §9 delay counted from hydration (10 s on the home page, 20 s on the diamond search, 200 s on paused pages —
 * the cart, checkout, paying — and 30 s elsewhere), then imports the launcher's chunk (./panel) and mounts it in a root
 * of its own. It looks at the page again every few seconds, so a client-side navigation re-aims the wait at the new
 * page's delay, and pages without the chat (navigation hidden: the quiz, the viewer; the operators' views) hide it.
 * Once shown, the launcher stays on the pages that have the chat (a shopper mid-conversation keeps it).
 */
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { chatDelayFor } from "#shared/conversations/limits.ts";
import { browserTimer, type ChatTimer } from "./timer";

/** How often the scheduler looks at the page again (a navigation's new delay, pages without the chat). */
export const CHAT_TICK_MS = 5_000;

/** The delay of the page now showing, or null where the chat is hidden. */
function delayNow(): number | null {
  return document.body.dataset.nav === "none" ? null : chatDelayFor(window.location.pathname);
}

const loadPanel = () => import("./panel");

/** Starts the scheduler; `hydratedAt` is the clock's time when the page became interactive. */
export function start(hydratedAt: number, timer: ChatTimer = browserTimer, load: typeof loadPanel = loadPanel): void {
  let host: HTMLElement | null = null;
  const tick = () => {
    const delay = delayNow();
    if (host) {
      host.hidden = delay === null;
      timer.set(tick, CHAT_TICK_MS);
      return;
    }
    const due = delay === null ? Number.POSITIVE_INFINITY : hydratedAt + delay - timer.now();
    if (due > 0) return void timer.set(tick, Math.min(due, CHAT_TICK_MS));
    host = document.createElement("div");
    host.id = "concierge-chat";
    document.body.append(host);
    const mount = host;
    load()
      .then((m) => createRoot(mount).render(createElement(m.ConciergePanel, { timer })))
      .catch((err: unknown) => console.warn("concierge chat unavailable", err));
    timer.set(tick, CHAT_TICK_MS);
  };
  tick();
}
