/**
 * `/my-stuff/favorite` (§2 My stuff; issue 19): the favourite diamonds. A customer's come from the server,
 * each with their notes (a textarea saved by `POST my-stuff/diamonds/addnotes`) and, once sold, shown as sold
 * with up to 5 similar available stones; a visitor's are this browser's, with an invitation to sign in.
 */
import { useState, type FormEvent } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { MAX_NOTES_LENGTH, type SavedDiamond } from "#shared/my-stuff/schemas.ts";
import { formatUsd } from "#shared/money.ts";
import { DiamondLink, LocalDiamonds, MyStuffPage, SavedDiamondLine, SignInInvitation, myStuffHandle, pageMyStuff } from "../components/my-stuff-parts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const mine = await pageMyStuff(context, request).mine();
  return { diamonds: mine?.diamonds ?? null };
}

export const handle = myStuffHandle("Favourite diamonds");

/** The notes of a saved diamond: saved on demand, the outcome said beside the button. */
function Notes({ id, initial }: { id: number; initial: string }) {
  const [notes, setNotes] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const { call } = await import("../api");
      const res = await call("POST /my-stuff/diamonds/addnotes", { body: { id, notes } });
      setStatus(res.ok ? { ok: true, message: "Notes saved." } : { ok: false, message: res.error.message });
    } catch {
      setStatus({ ok: false, message: "We could not reach Loupe to save your notes. Try again." });
    }
    setSaving(false);
  };
  const fieldId = `notes-${id}`;
  return (
    <form className="my-stuff-notes" onSubmit={save}>
      <label htmlFor={fieldId}>Your notes</label>
      <textarea id={fieldId} name="notes" rows={2} maxLength={MAX_NOTES_LENGTH} value={notes} onChange={(e) => setNotes(e.target.value)} />
      <button type="submit" disabled={saving}>
        {saving ? "Saving…" : "Save notes"}
      </button>
      {status ? (
        <span className={status.ok ? "notice" : "form-error"} role={status.ok ? "status" : "alert"}>
          {status.message}
        </span>
      ) : null}
    </form>
  );
}

function Saved({ s }: { s: SavedDiamond }) {
  return (
    <SavedDiamondLine d={s.diamond}>
      {s.savedPrice > s.diamond.price ? <p className="my-stuff-drop">{`Saved at ${formatUsd(s.savedPrice)}: now ${formatUsd(s.diamond.price)}`}</p> : null}
      {s.diamond.isSold ? (
        <div className="my-stuff-similar">
          <p>This diamond has sold.{s.similar.length ? " Similar diamonds available now:" : ""}</p>
          {s.similar.length ? (
            <ul>
              {s.similar.map((d) => (
                <li key={d.id}>
                  <DiamondLink d={d} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Notes id={s.id} initial={s.notes} />
    </SavedDiamondLine>
  );
}

export function Component() {
  const { diamonds } = useLoaderData<typeof loader>();
  const none = (
    <p>
      No favourite diamonds yet. Press the heart on a diamond in the <a href="/diamond-search">diamond search</a> to keep it here.
    </p>
  );
  if (diamonds === null) {
    return (
      <MyStuffPage title="Favourite diamonds">
        <SignInInvitation returnTo="/my-stuff/favorite" />
        <LocalDiamonds empty={none} />
      </MyStuffPage>
    );
  }
  return (
    <MyStuffPage title="Favourite diamonds">
      {diamonds.length === 0 ? (
        none
      ) : (
        <ul className="my-stuff-list" aria-label="Favourite diamonds">
          {diamonds.map((s) => (
            <Saved key={s.userSavedDiamondId} s={s} />
          ))}
        </ul>
      )}
    </MyStuffPage>
  );
}
