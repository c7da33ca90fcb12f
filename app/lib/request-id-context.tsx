import { createContext, useContext } from 'react'
import { currentRequestId } from '~/lib/request-id.client'

export const RequestIdContext = createContext<string>('')

export function useRequestId(): string {
  const fromServer = useContext(RequestIdContext)
  return typeof document === 'undefined' ? fromServer : currentRequestId()
}
