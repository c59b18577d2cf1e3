import { type ReadonlySignal, effect } from "@preact/signals-core";
import { useSyncExternalStore } from "react";

/**
 * Reads a preact signal in a React component and re-renders when it changes. The server snapshot is the
 * signal's initial value, so hydration sees what the server rendered.
 */
export function useSignalValue<T>(sig: ReadonlySignal<T>, serverValue?: T): T {
  return useSyncExternalStore(
    (onChange) => {
      let first = true;
      return effect(() => {
        sig.value;
        if (first) first = false;
        else onChange();
      });
    },
    () => sig.peek(),
    () => (serverValue === undefined ? sig.peek() : serverValue),
  );
}
