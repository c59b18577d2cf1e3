/**
 * `/my-stuff/favorite` (§2 My stuff; issue 19): the favourite diamonds. A customer's come from the server,
 * each with their notes (a textarea saved by `POST my-stuff/diamonds/addnotes`; without JavaScript the form
 * posts to this page, whose action saves them) and, once sold, shown as sold with up to 5 similar available
 * stones; a visitor's are this browser's, with an invitation to sign in.
 */
import { useState, type FormEvent } from "react";
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { MAX_NOTES_LENGTH } from "#shared/my-stuff/limits.ts";
import type { SavedDiamond } from "#shared/my-stuff/schemas.ts";
import { formatUsd } from "#shared/money.ts";
import { statusOf } from "#shared/refusal.ts";
import { DiamondLink, LocalDiamonds, MyStuffPage, SavedDiamondLine, SignInInvitation, myStuffHandle, pageMyStuff } from "../components/my-stuff-parts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const mine = await pageMyStuff(context, request).mine();
  return { diamonds: mine?.diamonds ?? null };
}

export const handle = myStuffHandle("Favourite diamonds");

/** What the notes form's post (without JavaScript) answers: for which diamond, and what to say beside its button. */
interface NotesAnswer {
  id: number | null;
  ok: boolean;
  message: string;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = Number(form.get("id"));
  const notes = String(form.get("notes") ?? "");
  if (!Number.isInteger(id) || id < 1)
    return data<NotesAnswer>({ id: null, ok: false, message: "Which diamond's notes? Reload the page and try again." }, { status: 400 });
  if (notes.length > MAX_NOTES_LENGTH)
    return data<NotesAnswer>({ id, ok: false, message: `Notes are at most ${MAX_NOTES_LENGTH} characters.` }, { status: 400 });
  const r = await pageMyStuff(context, request).saveNotes(id, notes);
  return r.ok
    ? data<NotesAnswer>({ id, ok: true, message: "Notes saved." })
    : data<NotesAnswer>({ id, ok: false, message: r.message }, { status: statusOf(r) });
}

/** The notes of a saved diamond: saved on demand, the outcome said beside the button. */
function Notes({ id, initial }: { id: number; initial: string }) {
  const answer = useActionData<NotesAnswer>();
  const [notes, setNotes] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(answer && answer.id === id ? answer : null);
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
    <form className="my-stuff-notes" method="post" onSubmit={save}>
      <input type="hidden" name="id" value={id} />
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
