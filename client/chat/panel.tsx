/**
 * The concierge chat's launcher and panel (its own chunk, loaded by ./start after the page's §9 delay;
 * docs/decisions/044-concierge-chat.md). "Chat with a concierge" opens a small panel: the shopper's conversation
 * (found or started with `POST /api/conversations`), their messages sent with
 * `POST /api/conversations/sendmessagebyguid/{guid}`, and the concierge's answers read with
 * `GET /api/conversations/{guid}/messages?after=` — polled only while the panel is open, every 5 s and backing off
 * to a minute while nothing new comes.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { ChatMessage } from "#shared/conversations/schemas.ts";
import { MESSAGE_MAX } from "#shared/conversations/limits.ts";
import { sitePathOrNull } from "#shared/safe-path.ts";
import { call } from "../api";
import type { ChatTimer } from "./timer";

/** The first poll's wait, and the longest (doubling while nothing new comes). */
export const POLL_FIRST_MS = 5_000;
export const POLL_MAX_MS = 60_000;

/** Messages by id, oldest first (an answer read twice, by the poll and after a send, shows once). */
function merged(current: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The launcher and, once opened, the panel; `timer` schedules the polls (injectable). */
export function ConciergePanel({ timer }: { timer: ChatTimer }) {
  const [open, setOpen] = useState(false);
  const [guid, setGuid] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState("");
  const [sending, setSending] = useState(false);
  // Bumped by a send: polling starts again from its first, short wait.
  const [sent, setSent] = useState(0);
  const pollDelay = useRef(POLL_FIRST_MS);
  const lastId = useRef(0);
  const ids = useId();
  const panelId = `${ids}-panel`;
  const headingId = `${ids}-heading`;

  const take = useCallback((more: ChatMessage[]) => {
    if (!more.length) return false;
    setMessages((current) => merged(current, more));
    lastId.current = Math.max(lastId.current, ...more.map((m) => m.id));
    return true;
  }, []);

  // Opening finds (or starts) the conversation.
  useEffect(() => {
    if (!open || guid) return;
    let live = true;
    call("POST /conversations", {})
      .then((r) => {
        if (!live) return;
        if (!r.ok) return setProblem(r.error.message);
        setGuid(r.data.guid);
        take(r.data.messages);
      })
      .catch(() => live && setProblem("The chat is unavailable right now. Please try again in a moment."));
    return () => {
      live = false;
    };
  }, [open, guid, take]);

  // While open: poll for answers, backing off while nothing new comes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a send (`sent`) restarts the polling from its first, short wait.
  useEffect(() => {
    if (!open || !guid) return;
    let handle = 0;
    let live = true;
    const poll = () => {
      call("GET /conversations/{guid}/messages", { params: { guid }, query: { after: String(lastId.current) } })
        .then((r) => {
          const fresh = r.ok && take(r.data.messages);
          pollDelay.current = fresh ? POLL_FIRST_MS : Math.min(POLL_MAX_MS, pollDelay.current * 2);
        })
        .catch(() => {
          pollDelay.current = Math.min(POLL_MAX_MS, pollDelay.current * 2);
        })
        .finally(() => {
          if (live) handle = timer.set(poll, pollDelay.current);
        });
    };
    pollDelay.current = POLL_FIRST_MS;
    handle = timer.set(poll, pollDelay.current);
    return () => {
      live = false;
      timer.clear(handle);
    };
  }, [open, guid, timer, take, sent]);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || !guid || sending) return;
    setSending(true);
    setProblem("");
    try {
      const r = await call("POST /conversations/sendmessagebyguid/{guid}", {
        params: { guid },
        body: { message: text, page: sitePathOrNull(window.location.pathname.slice(0, 500)) ?? undefined },
      });
      if (!r.ok) return setProblem(r.error.message);
      setDraft("");
      take(r.data.messages);
      setSent((n) => n + 1);
    } catch {
      setProblem("Your message was not sent. Please check your connection and try again.");
    } finally {
      setSending(false);
    }
  };

  return (
    <aside className="chat" aria-label="Concierge chat">
      {open ? (
        <section id={panelId} className="chat-panel" aria-labelledby={headingId}>
          <header className="chat-header">
            <h2 id={headingId}>Your concierge</h2>
            <button type="button" className="chat-close" onClick={() => setOpen(false)} aria-label="Close the chat">
              ×
            </button>
          </header>
          <div className="chat-log" role="log" aria-live="polite" aria-label="Messages">
            {messages.length === 0 ? <p className="chat-hint">Ask us anything about a diamond, a setting or your order. A gemologist answers here.</p> : null}
            <ol className="chat-messages">
              {messages.map((m) => (
                <li key={m.id} className={`chat-message chat-message-${m.author}`} data-author={m.author}>
                  <span className="chat-author">{m.author === "shopper" ? "You" : (m.name ?? "Concierge")}</span>
                  <p className="chat-text">{m.text}</p>
                </li>
              ))}
            </ol>
          </div>
          <form className="chat-form" onSubmit={send}>
            <label htmlFor={`${ids}-text`}>Your message</label>
            <textarea id={`${ids}-text`} rows={2} maxLength={MESSAGE_MAX} value={draft} onChange={(e) => setDraft(e.target.value)} />
            {problem ? (
              <p role="alert" className="chat-problem">
                {problem}
              </p>
            ) : null}
            <button type="submit" disabled={!guid || sending || !draft.trim()}>
              Send
            </button>
          </form>
        </section>
      ) : null}
      <button type="button" className="chat-launcher" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((o) => !o)}>
        Chat with a concierge
      </button>
    </aside>
  );
}
