import { Form, data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { ContentAdminView } from "#shared/api/content-admin.ts";
import type { FaqDisplayOn } from "#shared/content/faq.ts";
import type { HomeBanner } from "#shared/content/home.ts";
import { contentAdminContext, type ContentEdit } from "../information-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";

/**
 * `/content`: the operator's content view (admin token, like /experiments; anyone else gets the not-found page).
 * FAQ entries are added, edited and removed and banners edited with document form posts (no JavaScript needed);
 * a field's problem shows beside it (400). An edit is live at once on this server and within the caches' time
 * elsewhere (FAQs 300 s, banners 1 hour).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const view = await serverService(context, request, contentAdminContext).view();
  if (!view) throw data("Not found", { status: 404 });
  return view;
}

type ActionAnswer = { form: string; message: string; errors: Record<string, string> };

const text = (form: FormData, key: string) => String(form.get(key) ?? "");

/** The edit a form posted (its `intent` button), or null for one this page does not make. */
function editOf(form: FormData): ContentEdit | null {
  const displayOn = text(form, "displayOn") as FaqDisplayOn;
  const id = text(form, "id");
  const input = { header: text(form, "header"), description: text(form, "description") };
  switch (text(form, "intent")) {
    case "add-faq":
      return { op: "add-faq", displayOn, input };
    case "edit-faq":
      return { op: "edit-faq", displayOn, id, input };
    case "remove-faq":
      return { op: "remove-faq", displayOn, id };
    case "edit-banner": {
      const experiments: Record<string, string> = {};
      for (const [k, val] of form) if (k.startsWith("experiment.")) experiments[k.slice("experiment.".length)] = String(val);
      const edit = { text: text(form, "text"), link: text(form, "link"), linkText: text(form, "linkText"), active: form.get("active") === "on", experiments };
      return { op: "edit-banner", id, edit };
    }
    default:
      return null;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const key = text(form, "form");
  const edit = editOf(form);
  const faqOk = (e: ContentEdit) => e.op === "edit-banner" || e.displayOn === "NewFAQ" || e.displayOn === "NewMission";
  if (!edit || !faqOk(edit)) {
    return data<ActionAnswer>({ form: key, message: "Choose an FAQ entry or a banner to change.", errors: {} }, { status: 400 });
  }
  const r = await serverService(context, request, contentAdminContext).apply(edit);
  if (!r) throw data("Not found", { status: 404 });
  if (r.ok) return { form: key, message: "Saved. Live now here; other servers show it within 5 minutes (banners: 1 hour).", errors: {} } as ActionAnswer;
  const errors = Object.fromEntries((r.details ?? []).map((d) => [d.path.replace(/^experiments\./, "experiment."), d.message]));
  return data<ActionAnswer>({ form: key, message: r.message, errors }, { status: r.kind === "not_found" ? 404 : r.kind === "conflict" ? 409 : 400 });
}

export const handle: RouteHandle<ContentAdminView> = {
  flags: { preventRobots: true, preventCouponPopup: true, hideOfferLauncher: true, footer: false },
  meta: () => ({ title: "Content — Loupe" }),
};

/** A labelled field with its problem beside it. */
function Field({
  form,
  name,
  label,
  value,
  long,
  answer,
}: {
  form: string;
  name: string;
  label: string;
  value: string;
  long?: boolean;
  answer?: ActionAnswer;
}) {
  const error = answer?.form === form ? answer.errors[name] : undefined;
  const id = `${form}-${name}`;
  const props = { id, name, defaultValue: value, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
  return (
    <p className="content-field">
      <label htmlFor={id}>{label}</label>
      {long ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </p>
  );
}

function Status({ form, answer }: { form: string; answer?: ActionAnswer }) {
  return answer?.form === form ? <p role="status">{answer.message}</p> : null;
}

function FaqEditor({ displayOn, view, answer }: { displayOn: FaqDisplayOn; view: ContentAdminView; answer?: ActionAnswer }) {
  const faq = view.faqs[displayOn];
  const addKey = `add-${displayOn}`;
  return (
    <section aria-labelledby={`faq-${displayOn}`}>
      <h2 id={`faq-${displayOn}`}>FAQ shown on {displayOn}</h2>
      {faq?.content.map((e) => {
        const key = `faq-${displayOn}-${e.id}`;
        return (
          <Form key={e.id} method="post" reloadDocument className="content-form" aria-label={`Entry ${e.header}`}>
            <input type="hidden" name="form" value={key} />
            <input type="hidden" name="displayOn" value={displayOn} />
            <input type="hidden" name="id" value={e.id} />
            <Field form={key} name="header" label="Question" value={e.header} answer={answer} />
            <Field form={key} name="description" label="Answer" value={e.description} long answer={answer} />
            <button type="submit" name="intent" value="edit-faq">
              Save
            </button>{" "}
            <button type="submit" name="intent" value="remove-faq">
              Remove
            </button>
            <Status form={key} answer={answer} />
          </Form>
        );
      }) ?? <p>This FAQ cannot be read just now.</p>}
      <Form method="post" reloadDocument className="content-form" aria-label={`Add a question to ${displayOn}`}>
        <h3>Add a question</h3>
        <input type="hidden" name="form" value={addKey} />
        <input type="hidden" name="displayOn" value={displayOn} />
        <Field form={addKey} name="header" label="Question" value="" answer={answer} />
        <Field form={addKey} name="description" label="Answer" value="" long answer={answer} />
        <button type="submit" name="intent" value="add-faq">
          Add
        </button>
        <Status form={addKey} answer={answer} />
      </Form>
    </section>
  );
}

function BannerEditor({ b, answer }: { b: HomeBanner; answer?: ActionAnswer }) {
  const key = `banner-${b.id}`;
  return (
    <Form method="post" reloadDocument className="content-form" aria-label={`Banner ${b.id}`}>
      <h3>{b.id}</h3>
      <input type="hidden" name="form" value={key} />
      <input type="hidden" name="id" value={b.id} />
      <Field form={key} name="text" label="Text" value={b.text} answer={answer} />
      <Field form={key} name="link" label="Link" value={b.link} answer={answer} />
      <Field form={key} name="linkText" label="Link text" value={b.linkText} answer={answer} />
      <p className="content-field">
        <label>
          <input type="checkbox" name="active" defaultChecked={b.active} /> Active (shown on the home page)
        </label>
      </p>
      {b.abData.affectedItems.map((i) => (
        <Field
          key={i.id}
          form={key}
          name={`experiment.${i.id}`}
          label={`Experiment of item “${i.text}” (shown in variant ${i.variant})`}
          value={i.experimentName}
          answer={answer}
        />
      ))}
      <button type="submit" name="intent" value="edit-banner">
        Save banner
      </button>
      <Status form={key} answer={answer} />
    </Form>
  );
}

export function Component() {
  const view = useLoaderData<ContentAdminView>();
  const answer = useActionData<ActionAnswer>();
  return (
    <article className="page content-admin">
      <h1>Content</h1>
      <p>
        Edit the FAQs and the home page’s banners. <a href="/content/articles">Articles</a> · <a href="/gemologist-reviews">Gemologist reviews</a> ·{" "}
        <a href="/operator/orders">Orders</a>
      </p>
      {view.source === "upstream" ? <p role="note">An upstream content service is configured: edit the content there. Changes here are refused.</p> : null}
      {answer && !answer.form ? <p role="status">{answer.message}</p> : null}
      <FaqEditor displayOn="NewFAQ" view={view} answer={answer} />
      <FaqEditor displayOn="NewMission" view={view} answer={answer} />
      <section aria-labelledby="banners">
        <h2 id="banners">Home banners</h2>
        {view.banners?.map((b) => <BannerEditor key={b.id} b={b} answer={answer} />) ?? <p>The banners cannot be read just now.</p>}
      </section>
    </article>
  );
}
