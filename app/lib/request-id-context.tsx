import { createContext, useContext } from 'react'
import { currentRequestId } from '~/browser/request-id.client'

/** Server side: the id of the request being rendered. */
export const RequestIdContext = createContext<string>('')

/** The id to quote to support: the document's, or the last navigation's data request. */
export function useRequestId(): string {
  const fromServer = useContext(RequestIdContext)
  return typeof document === 'undefined' ? fromServer : currentRequestId()
}
