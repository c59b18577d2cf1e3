/**
 * The visitor's experiment variants in the browser. The root loader carries the experiences of the
 * experiments this page renders (client/routes.tsx names them per route), so the server's HTML and the
 * hydrated page agree; after hydration the tracking module (./tracking.ts) reads every assignment from
 * `GET /api/experiments/assignments`, which then also serves the pages reached by client-side navigation.
 */
import { signal } from "@preact/signals-core";
import { useEffect } from "react";
import { useRouteLoaderData, type RouterContextProvider } from "react-router";
import { visitorContext } from "../context";
import type { Variant } from "#shared/experiments/bucketing.ts";
import type { RootData } from "../root";
import { useClientSignal } from "../state/use-signal";

/** Experiment name → experience (1: the test behaviour), once read from the API. */
export const assignedExperiences = signal<Readonly<Record<string, Variant>> | null>(null);

/** Experiments whose feature the visitor has just met (noInitialTrack ones report their event then). */
export const metExperiments = signal<readonly string[]>([]);

/** The visitor's experience of an experiment (1: its test behaviour; 0: control, or off for them). */
export function useVariant(name: string): Variant {
  const rendered = useRouteLoaderData<RootData>("root")?.variants[name];
  const assigned = useClientSignal(assignedExperiences, null);
  return assigned?.[name] ?? rendered ?? 0;
}

/**
 * The visitor's experience of an experiment in a loader: on the server from the edge's assignment (the
 * route must name the experiment in client/routes.tsx), in the browser from the assignments read after
 * hydration, else the page's rendered variants.
 */
export function loaderVariant(context: Readonly<RouterContextProvider>, name: string): Variant {
  try {
    return context.get(visitorContext).variants[name] ?? 0;
  } catch {
    const rendered = (window.__staticRouterHydrationData?.loaderData?.root as RootData | undefined)?.variants;
    return assignedExperiences.peek()?.[name] ?? rendered?.[name] ?? 0;
  }
}

/** Reports that the visitor met this experiment's feature, when `met` (its event is sent once, if it is running for them). */
export function useMetExperiment(name: string, met = true): void {
  useEffect(() => {
    if (met && !metExperiments.peek().includes(name)) metExperiments.value = [...metExperiments.peek(), name];
  }, [name, met]);
}
