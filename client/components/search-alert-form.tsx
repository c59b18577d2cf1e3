/**
 * The working part of "Save search & alert me" and "Email me if the price drops" (issue 19; §6 login-less alert),
 * loaded when its button (./search-alert.tsx) is first pressed: the pages' first load carries only the button. On a search
 * page: signed in, the search (saved first when it has no searchId yet) joins my stuff with its alert on
 * (`POST my-stuff/searches`) and the page links to the alerts; signed out, an email field asks for a
 * login-less alert (`POST my-stuff/loginLessAlert {email, searchId}`). On a diamond's page, signed out: the
 * same for its price (`{email, diamondId}`). The API code loads with the first use; errors sit beside the field.
 */
import { useEffect, useId, useState, type FormEvent } from "react";

/** What to watch: a search (its searchId, or how to save its filters for one) or a diamond's price. */
export type AlertTarget = { kind: "search"; searchId: string | null; saveFilters: () => Promise<string> } | { kind: "diamond"; diamondId: number };

type Status = { state: "idle" | "asking" | "busy" } | { state: "done"; message: string; signedIn: boolean } | { state: "failed"; message: string };

const UNREACHABLE = "We could not reach Loupe. Check your connection and try again.";

async function searchIdOf(target: Extract<AlertTarget, { kind: "search" }>): Promise<string> {
  return target.searchId ?? (await target.saveFilters());
}

/**
 * The control once its button was pressed: signed in, the search is saved with its alert at once; signed out, the
 * email form (focused) asks for a login-less alert.
 */
export default function AlertMeForm({ target, signedIn, label }: { target: AlertTarget; signedIn: boolean; label: string }) {
  const [status, setStatus] = useState<Status>({ state: signedIn ? "busy" : "asking" });
  const [email, setEmail] = useState("");
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  const saveToMyStuff = async () => {
    if (target.kind !== "search") return;
    setStatus({ state: "busy" });
    try {
      const { call } = await import("../api");
      const res = await call("POST /my-stuff/searches", { body: { searchId: await searchIdOf(target), hasAlert: true } });
      setStatus(
        res.ok ? { state: "done", message: `Saved “${res.data.name}” with its alert on.`, signedIn: true } : { state: "failed", message: res.error.message },
      );
    } catch {
      setStatus({ state: "failed", message: UNREACHABLE });
    }
  };

  const askByEmail = async (e: FormEvent) => {
    e.preventDefault();
    setStatus({ state: "busy" });
    try {
      const { call } = await import("../api");
      const body = target.kind === "search" ? { email, searchId: await searchIdOf(target) } : { email, diamondId: target.diamondId };
      const res = await call("POST /my-stuff/loginLessAlert", { body });
      const done = target.kind === "search" ? "We'll email you when new ones match." : "We'll email you if its price drops.";
      setStatus(res.ok ? { state: "done", message: done, signedIn: false } : { state: "failed", message: res.error.message });
    } catch {
      setStatus({ state: "failed", message: UNREACHABLE });
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the press that loaded this form
  useEffect(() => {
    if (signedIn) void saveToMyStuff();
    else document.getElementById(fieldId)?.focus();
  }, []);

  if (status.state === "done") {
    return (
      <p className="alert-me" role="status">
        {status.message}{" "}
        {status.signedIn ? (
          <a href="/my-stuff/alerts">See your alerts</a>
        ) : (
          <span className="muted">Check your inbox: the email says how to stop the alerts.</span>
        )}
      </p>
    );
  }
  if (signedIn) {
    return (
      <p className="alert-me">
        <button type="button" className="link-button" onClick={saveToMyStuff} disabled={status.state === "busy"}>
          {status.state === "busy" ? "Saving…" : label}
        </button>
        {status.state === "failed" ? (
          <span className="form-error" role="alert">
            {` ${status.message}`}
          </span>
        ) : null}
      </p>
    );
  }
  const failed = status.state === "failed";
  return (
    <form className="alert-me alert-me-form" onSubmit={askByEmail} aria-label={label}>
      <label htmlFor={fieldId}>Your email</label>{" "}
      <input
        id={fieldId}
        type="email"
        name="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={failed}
        aria-describedby={failed ? errorId : undefined}
      />{" "}
      <button type="submit" disabled={status.state === "busy"}>
        {status.state === "busy" ? "Sending…" : target.kind === "search" ? "Alert me" : "Email me"}
      </button>
      {failed ? (
        <span id={errorId} className="form-error" role="alert">
          {` ${status.message}`}
        </span>
      ) : null}
    </form>
  );
}
