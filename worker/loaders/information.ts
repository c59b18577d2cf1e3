/**
 * The content pages' services for the loaders (client/information-context.ts): the home page for this visitor
 * (their experiment experiences pick each banner's text, decision 019), /faq, and the operator's /content view
 * (null unless the request proves the admin token).
 */
import type { ContentAdminService, ContentEdit, InformationService } from "#client/information-context.ts";
import type { Variant } from "#shared/experiments/bucketing.ts";
import * as v from "valibot";
import { FaqEntryInput } from "#shared/content/faq.ts";
import { BannerEdit } from "#shared/content/home.ts";
import { DomainError, type Refusal, refuse } from "#shared/refusal.ts";
import { addFaqEntry, contentAdminView, editBanner, editFaqEntry, removeFaqEntry } from "../content/admin";
import { faqFor, faqSections, homePage } from "../content/information";
import type { Bindings } from "../env";
import { promoVariantOf } from "../promotions/store";

/** The home page and /faq. `variants`: every experiment's experience for this visitor. */
export function serverInformation(env: Bindings, variants: Readonly<Record<string, Variant>>, now: () => number): InformationService {
  return {
    home: () => homePage(env, variants, promoVariantOf(variants, undefined), now()),
    faq: async () => {
      const [faq, sections] = await Promise.all([faqFor(env, "NewFAQ"), faqSections(env)]);
      return { faq, sections };
    },
  };
}

/** Checks an edit's text against its schema: the edit with its values trimmed, or a refusal naming each field. */
export function checkEdit(edit: ContentEdit): ContentEdit | Refusal {
  const problems = (issues: v.BaseIssue<unknown>[]) =>
    refuse(
      "bad_request",
      "Some fields need attention",
      issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })),
    );
  if (edit.op === "remove-faq") return edit;
  if (edit.op === "edit-banner") {
    const r = v.safeParse(BannerEdit, edit.edit);
    return r.success ? { ...edit, edit: r.output } : problems(r.issues);
  }
  const r = v.safeParse(FaqEntryInput, edit.input);
  return r.success ? { ...edit, input: r.output } : problems(r.issues);
}

function run(env: Bindings, edit: ContentEdit, now: number): Promise<unknown> {
  switch (edit.op) {
    case "add-faq":
      return addFaqEntry(env, edit.displayOn, edit.input, now);
    case "edit-faq":
      return editFaqEntry(env, edit.displayOn, edit.id, edit.input, now);
    case "remove-faq":
      return removeFaqEntry(env, edit.displayOn, edit.id, now);
    case "edit-banner":
      return editBanner(env, edit.id, edit.edit, now);
  }
}

/** The operator's view and edits; `isAdmin` decides whether the request may see them. */
export function serverContentAdmin(env: Bindings, isAdmin: () => Promise<boolean>, now: () => number): ContentAdminService {
  return {
    view: async () => ((await isAdmin()) ? contentAdminView(env) : null),
    apply: async (edit) => {
      if (!(await isAdmin())) return null;
      const checked = checkEdit(edit);
      if ("ok" in checked) return checked;
      try {
        await run(env, checked, now());
        return { ok: true };
      } catch (err) {
        if (err instanceof DomainError) return err.refusal;
        throw err;
      }
    },
  };
}
