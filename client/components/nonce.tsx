import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Provides the CSP nonce during server rendering (absent in the browser, which hides nonces anyway). */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
