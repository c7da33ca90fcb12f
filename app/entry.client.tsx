import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { guardRouteModuleReloads } from '~/browser/load-chunk'
import { RequestIdContext } from '~/lib/request-id-context'
import { currentRequestId, installRequestIds } from '~/browser/request-id.client'
import { loadErrorUi, provideErrorUi } from '~/error-boundaries'

installRequestIds()
// A route module that fails to load reloads the page at most once a minute.
guardRouteModuleReloads()
provideErrorUi(() => import('~/error-page.lazy'))

// A document that shows an error hydrates with the error page's code and its title (decision 0171).
// The server rendered an error page: with single fetch, Remix's own data arrives decoded only after
// this module runs, so the page's markup is what says so.
const hasError = document.querySelector('[data-error-content]') !== null
if (hasError) void loadErrorUi().then(hydrate, hydrate)
else hydrate()

function hydrate() {
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
}

// The first load's shared modules, reached from the entry too: one chunk (app/first-load.ts).
export { firstLoad } from '~/first-load'
