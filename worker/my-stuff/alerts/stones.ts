// PLACEHOLDER: helper H2 replaces this file
/** The stones an alert email's link opens (issue 19). Placeholder until helper H2's version lands: no link is valid. */
import type { AlertStones } from "#shared/my-stuff/alerts.ts";
import type { SearchIndexObject } from "../../search/search-object";

/** What opening an alert link needs. */
export interface AlertLinkBindings {
  DB: D1Database;
  SEARCH: DurableObjectNamespace<SearchIndexObject>;
  ALERT_LINK_SECRET?: string;
  VISITOR_COOKIE_SECRET?: string;
}

/** The stones of the alert email behind a link, or null for a wrong or expired link. */
export async function alertStones(_env: AlertLinkBindings, _token: string, _email: string, _now: number): Promise<AlertStones | null> {
  return null;
}
