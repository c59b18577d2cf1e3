/** The marketer view's calls in the browser (loaded with the first use, not with every page). */
import type { ExperimentReport } from "#shared/experiments/schemas.ts";
import type { MarketerService } from "./marketer";

/** The browser's side: the admin calls with the session cookie. */
export const clientMarketer: MarketerService = {
  async report() {
    const res = await fetch("/api/experiments/report", { headers: { accept: "application/json" } });
    return res.ok ? ((await res.json()) as ExperimentReport) : null;
  },
  async setOverride(name, override) {
    const res = await fetch(`/api/experiments/${encodeURIComponent(name)}/override`, {
      method: override ? "PUT" : "DELETE",
      headers: override ? { "content-type": "application/json" } : {},
      body: override ? JSON.stringify(override) : undefined,
    });
    if (res.ok) return { ok: true };
    const body = (await res.json().catch(() => null)) as { error?: { message?: string; details?: { message: string }[] } } | null;
    // Without the admin session the admin calls do not exist (the unknown-route 404).
    if (res.status === 404 && body?.error?.message?.startsWith("No API route")) return null;
    return { ok: false, status: res.status, message: body?.error?.details?.[0]?.message ?? body?.error?.message ?? `HTTP ${res.status}` };
  },
};
