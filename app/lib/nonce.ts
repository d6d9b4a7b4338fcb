import { createContext, useContext } from "react";

/** Carries the response's CSP nonce from the server entry to the scripts React Router renders. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
