/**
 * The toasts (decision 043), mounted after hydration by client/notifications/mount.tsx: one polite live region
 * (a region named Notifications) that exists before any toast, so screen readers announce each one without
 * moving focus; a stack per position; each toast a short message, its group's count and a real dismiss button
 * (Tab reaches it, Escape inside the toast dismisses it). Pointer over a toast or focus inside it holds its timer.
 */
import { NOTIFICATION_POSITIONS } from "#shared/notifications.ts";
import { useClientSignal } from "../state/use-signal";
import { notifications, type Toast } from "./store";

function ToastItem({ toast }: { toast: Toast }) {
  const { id } = toast;
  return (
    <li
      className="toast"
      data-tone={toast.tone}
      onMouseEnter={() => notifications.hold(id)}
      // Held while the pointer is over it or focus is inside it: released when neither is true any more.
      onMouseLeave={(e) => {
        if (!e.currentTarget.contains(document.activeElement)) notifications.release(id);
      }}
      onFocus={() => notifications.hold(id)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) && !e.currentTarget.matches(":hover")) notifications.release(id);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") notifications.dismiss(id);
      }}
    >
      <span className="toast-message">{toast.message}</span>
      {toast.count > 1 ? (
        <span className="toast-badge" data-position={toast.badgePosition}>
          <span aria-hidden="true">{toast.count}</span>
          <span className="visually-hidden"> ({toast.count} times)</span>
        </span>
      ) : null}
      <button type="button" className="toast-close" aria-label={`Dismiss: ${toast.message}`} onClick={() => notifications.dismiss(id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** Every toast on screen, by position. */
export function Toasts() {
  const toasts = useClientSignal(notifications.toasts, []);
  return (
    // A named region with a polite live region rather than role=status: pages keep their own single status
    // message (a form's answer) findable as "the" status, and each toast is announced as it is added.
    <section className="toasts" aria-label="Notifications" aria-live="polite" aria-relevant="additions text">
      {NOTIFICATION_POSITIONS.map((position) => {
        const here = toasts.filter((t) => t.position === position);
        return here.length ? (
          <ol key={position} className="toast-stack" data-position={position}>
            {here.map((t) => (
              <ToastItem key={t.id} toast={t} />
            ))}
          </ol>
        ) : null;
      })}
    </section>
  );
}
