import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { RequestIdContext } from '~/lib/request-id-context'
import { currentRequestId, installRequestIds } from '~/lib/request-id.client'

installRequestIds()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      {/* The document's id, so the hydrated <head> matches the server's. */}
      <RequestIdContext.Provider value={currentRequestId()}>
        <RemixBrowser />
      </RequestIdContext.Provider>
    </StrictMode>,
  )
})
