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
