/**
 * Tracking, loaded after hydration (its own chunk): reads the visitor's assignments, asks for consent
 * first when One_Trust_Script targets the visitor (no event leaves before an answer, none after a
 * refusal), then sends each running experiment's event once (§4) through the queue: at page view for
 * most, when the visitor meets the feature for noInitialTrack ones (useMetExperiment); and loads the page
 * events (client/tracking/: page views, view_content, search) — nothing of it before the answer.
 */
import { effect } from "@preact/signals-core";
import type { ExperimentAssignment, ExperimentEvent } from "#shared/experiments/schemas.ts";
import type { Variant } from "#shared/experiments/bucketing.ts";
import { call } from "../api";
import { answerConsent, consent as consentAnswer } from "../state/consent";
import { EventQueue } from "./event-queue";
import { assignedExperiences, metExperiments } from "./variants";

const CONSENT_EXPERIMENT = "One_Trust_Script";
/** §3 eventSent: experiment → the variant whose event went out (this browser). */
const SENT_KEY = "loupe_experiment_events";

function readSent(): Record<string, Variant> {
  try {
    return JSON.parse(localStorage.getItem(SENT_KEY) ?? "{}") as Record<string, Variant>;
  } catch {
    return {};
  }
}

function markSent(name: string, variant: Variant | undefined): void {
  try {
    const sent = readSent();
    if (variant === undefined) delete sent[name];
    else sent[name] = variant;
    localStorage.setItem(SENT_KEY, JSON.stringify(sent));
  } catch {
    // Storage unavailable: the server keeps one event per visitor and variant anyway.
  }
}

/** Sends one event; it counts as sent from the start (a keepalive request outlives the page), unless it fails. */
async function sendEvent(event: ExperimentEvent): Promise<void> {
  const before = readSent()[event.name];
  markSent(event.name, event.variant);
  try {
    const res = await call("POST /experiments/events", { body: event }, { keepalive: true });
    // 409: no longer running for the visitor, or the variant changed since (a forced one): nothing to retry.
    if (!res.ok && res.status !== 409) throw new Error(`experiment event: HTTP ${res.status}`);
  } catch (err) {
    markSent(event.name, before);
    throw err;
  }
}

/** The consent banner (One_Trust_Script's test variant): resolves with the visitor's answer. */
function askConsent(): Promise<"granted" | "denied"> {
  return new Promise((resolve) => {
    const banner = document.createElement("section");
    banner.className = "consent-banner";
    banner.setAttribute("role", "dialog");
    banner.setAttribute("aria-label", "Cookie consent");
    banner.innerHTML =
      '<p>Loupe uses cookies to remember your cart and to measure which version of the site works better. May we measure your visit?</p><p><button type="button" value="granted">Accept</button> <button type="button" value="denied">Decline</button></p>';
    banner.addEventListener("click", (e) => {
      const answer = (e.target as HTMLElement).closest("button")?.value as "granted" | "denied" | undefined;
      if (!answer) return;
      answerConsent(answer);
      banner.remove();
      resolve(answer);
    });
    document.body.append(banner);
  });
}

export async function startTracking(): Promise<void> {
  const res = await call("GET /experiments/assignments", {});
  if (!res.ok) return;
  const experiments = res.data.experiments;
  assignedExperiences.value = Object.fromEntries(experiments.map((e) => [e.name, e.experience]));

  const consent = experiments.find((e) => e.name === CONSENT_EXPERIMENT);
  if (consent?.experience === 1) {
    const answer = consentAnswer.value ?? (await askConsent());
    if (answer === "denied") return;
  }
  // The page events: their own chunk, only once the visitor may be tracked (a "denied" is never tracked).
  if (consentAnswer.value !== "denied")
    void import("../tracking/page-events").then((m) => m.startPageEvents()).catch((err: unknown) => console.warn("page events unavailable", err));

  const queue = new EventQueue(sendEvent);
  const sent = readSent();
  const queued = new Set<string>();
  const enqueue = (e: ExperimentAssignment) => {
    if (!e.running || queued.has(e.name) || sent[e.name] === e.variant) return;
    queued.add(e.name);
    queue.push({ name: e.name, variant: e.variant });
  };
  for (const e of experiments) if (!e.noInitialTrack) enqueue(e);
  const byName = new Map(experiments.map((e) => [e.name, e]));
  effect(() => {
    for (const name of metExperiments.value) {
      const e = byName.get(name);
      if (e) enqueue(e);
    }
  });
}
