/**
 * What the root and the browser entry import, named once so that the build
 * puts it in one shared file with React (decision 0148). Every route module
 * re-exports `firstLoad` (patches/@remix-run+dev+*.patch) and so does the
 * browser entry: each module below, and each module it imports, is then
 * reached by every entry point, and esbuild gives them all one chunk instead
 * of one small chunk for each set of routes that also imports one of them.
 * Nothing reads the list. One binding per module is enough (esbuild assigns
 * whole files to chunks); the other exports are still tree-shaken. Whatever
 * is named here is sent on every page's first load: only what every page
 * loads belongs here (the root's and the entry's imports, the support link and
 * the guest pages' table, which every page reaches), and the member, money and
 * page-table modules that every page but /login loads (49 bytes more on
 * /login, two files fewer on every other page).
 */
import { afterInteractive } from '~/browser/after-interactive'
import { describeError } from '~/lib/error-text'
import { GUEST_PAGES } from '~/lib/guest-pages'
import { heldRevalidation } from '~/lib/held-revalidation'
import { guardRouteModuleReloads } from '~/browser/load-chunk'
import { siteMeta } from '~/lib/meta'
import { isOnline } from '~/browser/online'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { installRequestIds } from '~/browser/request-id.client'
import { RequestIdContext } from '~/lib/request-id-context'
import { RootErrorBoundary } from '~/ui/error-page'
import { Notice } from '~/ui/states'
import { LoadingBar } from '~/ui/loading-bar'
import { useOptionalMember } from '~/ui/member'
import { SupportLink } from '~/ui/support-link'
import { ToastHost } from '~/ui/toast-host'

export const firstLoad = [
  afterInteractive,
  describeError,
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
