import { useContext } from 'react'
import { currentRequestId } from '~/browser/request-id.client'
import { RequestIdContext } from '~/lib/request-id-context'

/** The id to quote to support: the document's, or the last navigation's data request. */
export function useRequestId(): string {
  const fromServer = useContext(RequestIdContext)
  return typeof document === 'undefined' ? fromServer : currentRequestId()
}
