/**
 * The content pages' services (issue 20: the home page, /faq and the operator's /content view), read only on the
 * server (client/server-page.ts): worker/loaders/information.ts implements them from the content store.
 */
import { createContext } from "react-router";
import type { ContentAdminView } from "#shared/api/content-admin.ts";
import type { BannerEdit, HomePage } from "#shared/content/home.ts";
import type { Faq, FaqDisplayOn, FaqEntryInput, SectionedFaq } from "#shared/content/faq.ts";
import type { Outcome } from "#shared/refusal.ts";

export interface InformationService {
  /** The home page's blocks for this visitor (each null when its content source failed). */
  home(): Promise<HomePage>;
  /** /faq: the NewFAQ FAQ and the sectioned FAQ (each null when unavailable). */
  faq(): Promise<{ faq: Faq | null; sections: SectionedFaq | null }>;
}

export const informationContext = createContext<InformationService>();

/** One operator edit from the /content forms. */
export type ContentEdit =
  | { op: "add-faq"; displayOn: FaqDisplayOn; input: FaqEntryInput }
  | { op: "edit-faq"; displayOn: FaqDisplayOn; id: string; input: FaqEntryInput }
  | { op: "remove-faq"; displayOn: FaqDisplayOn; id: string }
  | { op: "edit-banner"; id: string; edit: BannerEdit };

export interface ContentAdminService {
  /** The editable content, or null when the request does not prove the admin token. */
  view(): Promise<ContentAdminView | null>;
  /** Applies an edit (this isolate's caches are dropped); null when the request does not prove the admin token. */
  apply(edit: ContentEdit): Promise<Outcome<object> | null>;
}

export const contentAdminContext = createContext<ContentAdminService>();
