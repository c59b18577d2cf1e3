/**
 * The welcome offer popup and the offer launcher (issue 20 point 7, decision 025), a lazily loaded chunk: the
 * popup opens once on its own — after OFFER_DELAY_MS, or sooner on an exit intent or a scroll through half the
 * page — unless dismissed (or claimed) within OFFER_QUIET_DAYS; the launcher (a small floating button) reopens
 * it at any time. The dialog is modal: focus moves into it, Tab stays inside, Escape or the close button shuts
 * it and focus returns where it was. An email left there is captured with source `welcome-100-popup` (the
 * server checks it and emails the code) and the code is shown at once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { EMAIL_PATTERN, WELCOME_POPUP_SOURCE } from "#shared/accounts/schemas.ts";
import { OFFER_DELAY_MS, OFFER_DISMISSED_KEY, OFFER_QUIET_DAYS, WELCOME_CODE, lastDismissal, popupDue, scrolledFar } from "#shared/welcome-offer.ts";
import { call } from "../api";
import { localStore } from "../state/storage";

/** The claimed flag (localStorage): the launcher shows the code again instead of the form. */
const CLAIMED_KEY = "loupe_welcome_claimed";

/** A test hook: the browser tests shorten the delay (`window.__loupeOfferDelayMs`, set before the page's scripts run). */
function delayMs(): number {
  const override = (window as { __loupeOfferDelayMs?: unknown }).__loupeOfferDelayMs;
  return typeof override === "number" && override >= 0 ? override : OFFER_DELAY_MS;
}

const stored = (key: string): string | null => localStore.getItem(key);

/** Remembers a dismissal in localStorage and in a cookie (the server can read it; it outlives cleared storage). */
function rememberDismissal(now: number): void {
  // Storage blocked: kept in memory for the page, and the cookie still remembers.
  localStore.setItem(OFFER_DISMISSED_KEY, String(now));
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the dismissal must reach the server too (Cookie Store API is not in every browser)
  document.cookie = `${OFFER_DISMISSED_KEY}=${now}; Path=/; Max-Age=${OFFER_QUIET_DAYS * 24 * 60 * 60}; SameSite=Lax${secure}`;
}

/** Opens `open` once: after the delay, on an exit intent (the pointer leaving through the top) or a scroll through half the page. */
function useAutoOpen(enabled: boolean, open: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let done = false;
    const fire = () => {
      if (done) return;
      done = true;
      open();
    };
    const timer = window.setTimeout(fire, delayMs());
    const onLeave = (e: MouseEvent) => {
      if (e.relatedTarget === null && e.clientY <= 0) fire();
    };
    const onScroll = () => {
      if (scrolledFar(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)) fire();
    };
    document.addEventListener("mouseout", onLeave);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("mouseout", onLeave);
      window.removeEventListener("scroll", onScroll);
    };
  }, [enabled, open]);
}

/** Keeps Tab and Shift+Tab inside `dialog` (bringing back focus that fell outside it), and closes on Escape. */
function trapKeys(e: KeyboardEvent, dialog: HTMLElement | null, close: () => void): void {
  if (e.key === "Escape") {
    e.preventDefault();
    close();
    return;
  }
  if (e.key !== "Tab" || !dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>("button, input, a[href]")].filter((el) => !el.hasAttribute("disabled"));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const inside = dialog.contains(document.activeElement);
  if (!inside || (e.shiftKey && document.activeElement === first)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** The email form, then the code. */
function OfferBody({ claimed, onClaimed }: { claimed: boolean; onClaimed: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (claimed) {
    return (
      <div className="offer-code">
        <p>Your code:</p>
        <p className="offer-code-value" data-testid="offer-code">
          {WELCOME_CODE}
        </p>
        <p>Enter it in your cart: $100 off an order of $1,500 or more. We have emailed it to you too.</p>
      </div>
    );
  }
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "").trim();
    if (!EMAIL_PATTERN.test(email)) return setError("Enter a valid email address, like name@example.com");
    setBusy(true);
    const res = await call("POST /accounts/email-capture", { body: { email, source: WELCOME_POPUP_SOURCE } }).catch(() => null);
    setBusy(false);
    if (res?.ok) return onClaimed();
    setError(res ? res.error.message : "We could not reach Loupe: please try again.");
  };
  return (
    <form onSubmit={submit} noValidate className="offer-form">
      <label htmlFor="offer-email">Email address</label>
      <div className="offer-field">
        <input
          id="offer-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "offer-email-error" : undefined}
          onInput={() => setError(null)}
        />
        {error ? (
          <p id="offer-email-error" className="offer-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        Get my $100 code
      </button>
      <p className="offer-fine-print">One email with your code; unsubscribe from any email we send.</p>
    </form>
  );
}

/** The popup (where the route allows it) and the launcher (where the route shows it). */
export default function OfferPopup({ popup, launcher }: { popup: boolean; launcher: boolean }) {
  const [open, setOpen] = useState(false);
  const [claimed, setClaimed] = useState(() => stored(CLAIMED_KEY) === "1");
  // Read once per page load: a dismissal in this visit is remembered by `dismissed` below.
  const [due] = useState(() => !claimed && popupDue(lastDismissal(stored(OFFER_DISMISSED_KEY), document.cookie), Date.now()));
  const [dismissed, setDismissed] = useState(false);
  const [byLauncher, setByLauncher] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const show = useCallback((launched: boolean) => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setByLauncher(launched);
    setOpen(true);
  }, []);
  const autoOpen = useCallback(() => show(false), [show]);
  // `popup` follows the route: a client navigation to a page that prevents the popup stops the wait.
  useAutoOpen(popup && due && !dismissed && !open, autoOpen);
  // …and shuts a popup that opened on its own (not one the visitor asked for with the launcher).
  if (open && !popup && !byLauncher) setOpen(false);

  const close = () => {
    rememberDismissal(Date.now());
    setDismissed(true);
    setOpen(false);
  };
  const onClaimed = () => {
    // Storage blocked: kept in memory; the code shows now, a later page's launcher would ask again.
    localStore.setItem(CLAIMED_KEY, "1");
    setClaimed(true);
    // The form (and its focused button) gives way to the code: focus moves to the close button, which stays.
    dialog.current?.querySelector<HTMLElement>(".offer-close")?.focus();
  };

  // Escape and Tab are handled for the whole document while the dialog is open (focus may sit on <body> when
  // the element that had it goes, as the form does when the code replaces it).
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => trapKeys(e, dialog.current, () => closeRef.current());
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Once closed: focus back where the visitor was (what had it when the popup opened, else the launcher).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open || !wasOpen.current) return void (wasOpen.current = open);
    wasOpen.current = false;
    const back = returnTo.current;
    (back?.isConnected && back !== document.body ? back : document.querySelector<HTMLElement>(".offer-launcher"))?.focus();
  }, [open]);

  useEffect(() => {
    // The email field when there is one (the form), else the close button (the code).
    if (open) (dialog.current?.querySelector<HTMLElement>("input") ?? dialog.current?.querySelector<HTMLElement>(".offer-close"))?.focus();
  }, [open]);

  return (
    <>
      {launcher && !open ? (
        <button type="button" className="offer-launcher" aria-haspopup="dialog" onClick={() => show(true)}>
          $100 off
        </button>
      ) : null}
      {open ? (
        <div className="offer-backdrop">
          <div ref={dialog} className="offer-dialog" role="dialog" aria-modal="true" aria-labelledby="offer-title" aria-describedby="offer-lead">
            <button type="button" className="offer-close" aria-label="Close the offer" onClick={close}>
              ×
            </button>
            <h2 id="offer-title">$100 off your first Loupe order</h2>
            <p id="offer-lead">Leave your email and get a code for $100 off an order of $1,500 or more.</p>
            <OfferBody claimed={claimed} onClaimed={onClaimed} />
          </div>
        </div>
      ) : null}
    </>
  );
}
