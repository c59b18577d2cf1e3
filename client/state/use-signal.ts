import { effect, type ReadonlySignal } from "@preact/signals-core";
import { useEffect, useState } from "react";

/**
 * A signal's value in a component, starting from `initial` on the server and in the first client render
 * (so hydration matches the server HTML), then following the signal.
 */
export function useClientSignal<T>(sig: ReadonlySignal<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => effect(() => setValue(sig.value)), [sig]);
  return value;
}

/**
 * A value computed from signals in a component: `initial` on the server and in the first client render, then
 * `compute()` whenever a signal it reads changes. An unchanged result re-renders nothing (a heart that stays
 * unpressed after hydration costs no render). `deps` are what `compute` reads besides signals.
 */
export function useClientComputed<T>(compute: () => T, initial: T, deps: readonly unknown[]): T {
  const [value, setValue] = useState<T>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `compute` is new each render; `deps` name what it reads.
  useEffect(() => effect(() => setValue(compute())), deps);
  return value;
}
