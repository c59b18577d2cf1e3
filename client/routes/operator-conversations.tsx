import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { OperatorConversation } from "#shared/conversations/schemas.ts";
import { MESSAGE_MAX } from "#shared/conversations/limits.ts";
import { statusOf } from "#shared/refusal.ts";
import { sitePathOrNull } from "#shared/safe-path.ts";
import { OPERATOR_FLAGS, OperatorLinks, when } from "../components/operator-parts";
import { operatorConversationsContext } from "../operator-conversations-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";

/**
 * `/operator/conversations`: the concierge chat's inbox for the operators (admin token, like /operator/orders; anyone
 * else gets the not-found page; docs/decisions/044-concierge-chat.md). Conversations waiting for an answer come first,
 * each with its messages (where the shopper wrote from, and how each message reached the chat provider) and a
 * document form to answer — no JavaScript needed. A sent answer redirects back (a reload never sends it twice) and
 * appears in the shopper's panel.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const status = new URL(request.url).searchParams.get("status");
  const service = serverService(context, request, operatorConversationsContext);
  const inbox = await service.inbox(status);
  if (!inbox) throw data("Not found", { status: 404 });
  return { inbox, waitingOnly: status === "waiting", operator: service.operatorName(), answered: new URL(request.url).searchParams.get("answered") };
}

interface ReplyAnswer {
  guid: string;
  message: string;
  errors: Record<string, string>;
}

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = (k: string) => String(form.get(k) ?? "");
  const guid = field("guid");
  const r = await serverService(context, request, operatorConversationsContext).reply({ guid, text: field("text"), operator: field("operator") });
  if (!r) throw data("Not found", { status: 404 });
  if (r.ok) return redirect(`/operator/conversations?answered=${encodeURIComponent(guid)}#conversation-${guid}`, 303);
  const errors = Object.fromEntries((r.details ?? []).map((d) => [d.path, d.message]));
  return data<ReplyAnswer>({ guid, message: r.message, errors }, { status: statusOf(r) });
}

export const handle: RouteHandle = {
  flags: OPERATOR_FLAGS,
  meta: () => ({ title: "Conversations — Loupe operators" }),
};

const FORWARD_LABEL: Record<string, string> = {
  local: "",
  pending: "to be forwarded",
  sending: "being forwarded",
  sent: "forwarded",
  failed: "not forwarded",
};

/** The page a shopper wrote from: a link only when it is a safe path of this site (a row may predate the check), else text. */
function PageLink({ page }: { page: string }) {
  const href = sitePathOrNull(page);
  return href ? <a href={href}>{page}</a> : <span className="chat-page">{page}</span>;
}

function Message({ m }: { m: OperatorConversation["messages"][number] }) {
  const forward = FORWARD_LABEL[m.forward.status];
  return (
    <li className={`chat-message chat-message-${m.author}`}>
      <p className="chat-meta">
        <strong>{m.author === "shopper" ? "Shopper" : `${m.name ?? "Concierge"} (concierge)`}</strong> · {when(m.at)}
        {m.page ? (
          <>
            {" "}
            · from <PageLink page={m.page} />
          </>
        ) : null}
        {forward ? (
          <span className="chat-forward" data-forward={m.forward.status}>
            {" "}
            · {forward}
            {m.forward.status === "failed" ? ` after ${m.forward.attempts} ${m.forward.attempts === 1 ? "try" : "tries"}: ${m.forward.error ?? ""}` : ""}
          </span>
        ) : null}
      </p>
      {m.subject ? <p className="chat-subject">Subject: {m.subject}</p> : null}
      <p className="chat-text">{m.text}</p>
    </li>
  );
}

function Conversation({ c, operator, answer }: { c: OperatorConversation; operator: string; answer: ReplyAnswer | undefined }) {
  const mine = answer?.guid === c.guid ? answer : undefined;
  const id = (name: string) => `reply-${c.guid}-${name}`;
  const error = (name: string) =>
    mine?.errors[name] ? (
      <span id={`${id(name)}-error`} className="field-error">
        {mine.errors[name]}
      </span>
    ) : null;
  const invalid = (name: string) => (mine?.errors[name] ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {});
  const who = c.customer ? `${c.customer.firstName || "A customer"} (${c.customer.email})` : "A visitor";
  return (
    <section id={`conversation-${c.guid}`} className="content-form operator-conversation" data-waiting={c.waiting} aria-labelledby={`${id("heading")}`}>
      <h2 id={id("heading")}>
        {who} · {c.waiting ? "waiting for an answer" : "answered"}
      </h2>
      <p>
        Started {when(c.createdAt)}, last message {when(c.updatedAt)}.
      </p>
      <ol className="chat-messages">
        {c.messages.map((m) => (
          <Message key={m.id} m={m} />
        ))}
      </ol>
      <form method="post" action="/operator/conversations" aria-label={`Reply to ${who}`}>
        <input type="hidden" name="guid" value={c.guid} />
        <p className="content-field">
          <label htmlFor={id("text")}>Answer</label>
          <textarea id={id("text")} name="text" rows={3} maxLength={MESSAGE_MAX} required {...invalid("text")} />
          {error("text")}
        </p>
        <p className="content-field">
          <label htmlFor={id("operator")}>Your name</label>
          <input id={id("operator")} name="operator" type="text" defaultValue={operator} required {...invalid("operator")} />
          {error("operator")}
        </p>
        <button type="submit">Send the answer</button>
        {mine && !Object.keys(mine.errors).length ? <p role="alert">{mine.message}</p> : null}
      </form>
    </section>
  );
}

export function Component() {
  const { inbox, waitingOnly, operator, answered } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <article className="page content-admin operator">
      <h1>Conversations</h1>
      <OperatorLinks />
      <nav aria-label="Conversations shown" className="operator-tabs">
        <ul>
          <li>
            <a href="/operator/conversations" aria-current={waitingOnly ? undefined : "page"}>
              All
            </a>
          </li>
          <li>
            <a href="/operator/conversations?status=waiting" aria-current={waitingOnly ? "page" : undefined}>
              Waiting <span className="operator-count">({inbox.waitingCount})</span>
            </a>
          </li>
        </ul>
      </nav>
      {answered ? <p role="status">Answer sent: the shopper sees it in the chat.</p> : null}
      {inbox.conversations.length ? (
        inbox.conversations.map((c) => <Conversation key={c.guid} c={c} operator={operator} answer={answer} />)
      ) : (
        <p>No conversation {waitingOnly ? "is waiting" : "yet"}.</p>
      )}
    </article>
  );
}
