/**
 * Logs a shopper's click on a diamond or a setting (§7 `POST logging/diamonds/clicks`, `POST logging/settings/click`)
 * for the public aggregates of `GET analytics/...`. Fire and forget: `keepalive` lets the call finish while the
 * page navigates away, and a failure (offline, rate-limited) is ignored — logging never stands in a shopper's way.
 * Call it from a result link's click handler (progressive enhancement: without JavaScript nothing is logged).
 */
import { call } from "./api";

/** Where a diamond click happened. */
export type ClickSource = "search" | "similar" | "landing" | "compare" | "other";

/** Counts a click on a diamond. */
export function logDiamondClick(diamondId: number, source: ClickSource = "other"): void {
  void call("POST /logging/diamonds/clicks", { body: { diamondId, source } }, { keepalive: true }).catch(() => undefined);
}

/** Counts a click on a setting or piece of jewellery (in a metal, when known). */
export function logSettingClick(settingId: number, metal?: number): void {
  void call("POST /logging/settings/click", { body: metal === undefined ? { settingId } : { settingId, metal } }, { keepalive: true }).catch(() => undefined);
}
