import { createContext, useContext } from 'react'

/** The per-request CSP nonce, given to every script the server renders. */
export const NonceContext = createContext<string>('')

export function useNonce(): string {
  return useContext(NonceContext)
}
