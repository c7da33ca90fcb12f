// Named once so the build puts it in one shared file with React (decision 0148): every route module
// and the browser entry re-export `firstLoad` (patches/@remix-run+dev+*.patch), so esbuild gives
// these modules one chunk instead of one per set of routes. Whatever is named here is sent on every
// page's first load: only what every page loads belongs here.
import { afterInteractive } from '~/browser/after-interactive'
import { GUEST_PAGES } from '~/lib/guest-pages'
import { heldRevalidation } from '~/lib/held-revalidation'
import { guardRouteModuleReloads } from '~/browser/load-chunk'
import { siteMeta } from '~/lib/meta'
import { RootErrorBoundary } from '~/error-boundaries'
import { isOnline } from '~/browser/online'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { installRequestIds } from '~/browser/request-id.client'
import { RequestIdContext } from '~/lib/request-id-context'
import { Notice } from '~/ui/states'
import { LoadingBar } from '~/ui/loading-bar'
import { useOptionalMember } from '~/ui/member'
import { SupportLink } from '~/ui/support-link'
import { ToastHost } from '~/ui/toast-host'

export const firstLoad = [
  afterInteractive,
  formatBaht,
  GUEST_PAGES,
  guardRouteModuleReloads,
  heldRevalidation,
  installRequestIds,
  isOnline,
  LoadingBar,
  Notice,
  PAGES,
  RequestIdContext,
  RootErrorBoundary,
  siteMeta,
  SupportLink,
  ToastHost,
  useOptionalMember,
]
