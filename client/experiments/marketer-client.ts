/** The marketer view's calls in the browser (loaded with the first use, not with every page). */
import type { Refusal, RefusalKind } from "#shared/refusal.ts";
import { call } from "../api";
import type { MarketerService } from "./marketer";

/** The browser's side: the admin calls with the session cookie. */
export const clientMarketer: MarketerService = {
  async report() {
    const res = await call("GET /experiments/report", {});
    return res.ok ? res.data : null;
  },
  async setOverride(name, override) {
    const res = override
      ? await call("PUT /experiments/{name}/override", { params: { name }, body: override })
      : await call("DELETE /experiments/{name}/override", { params: { name } });
    if (res.ok) return { ok: true };
    // Without the admin session the admin calls do not exist (the unknown-route 404).
    if (res.status === 404 && res.error.message.startsWith("No API route")) return null;
    return { ok: false, kind: res.error.code as RefusalKind, message: res.error.details?.[0]?.message ?? res.error.message } satisfies Refusal;
  },
};
