/**
 * Where the concierge chat appears (issue 23 point 5; docs/decisions/044-concierge-chat.md). Only this and the delay
 * table are in the entry: after hydration a timer waits the page's §9 delay (10 s on the home page, 20 s on the
 * diamond search, 200 s on paused pages — the cart, checkout, paying), counted from the document becoming
 * interactive, then imports the launcher's own chunk (./panel). Navigating re-aims the timer at the new page's
 * delay; once shown, the launcher stays (a shopper mid-conversation keeps it) except on pages without the chat.
 */
import { type ComponentType, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { chatDelayFor } from "#shared/conversations/limits.ts";
import { browserTimer, type ChatTimer } from "./timer";

export interface PanelProps {
  pathname: string;
  timer: ChatTimer;
}

const loadPanel = () => import("./panel");

/** The chat launcher's slot in the layout; `hidden` on pages without navigation (the quiz, the viewer). */
export function ConciergeChat({
  hidden,
  timer = browserTimer,
  load = loadPanel,
}: {
  hidden: boolean;
  timer?: ChatTimer;
  load?: () => Promise<{ ConciergePanel: ComponentType<PanelProps> }>;
}) {
  const { pathname } = useLocation();
  const [Panel, setPanel] = useState<ComponentType<PanelProps> | null>(null);
  const interactiveAt = useRef<number | null>(null);
  const delay = hidden ? null : chatDelayFor(pathname);
  useEffect(() => {
    interactiveAt.current ??= timer.now();
    if (Panel || delay === null) return;
    const handle = timer.set(
      () => {
        load()
          .then((m) => setPanel(() => m.ConciergePanel))
          .catch((err: unknown) => console.warn("concierge chat unavailable", err));
      },
      Math.max(0, interactiveAt.current + delay - timer.now()),
    );
    return () => timer.clear(handle);
  }, [delay, Panel, timer, load]);
  return Panel && delay !== null ? <Panel pathname={pathname} timer={timer} /> : null;
}
