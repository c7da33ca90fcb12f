import { Outlet } from '@remix-run/react'
import { lazy, Suspense, type ReactNode } from 'react'
import { AppShell } from '~/ui/app-shell'
import { ErrorContentBoundary } from '~/error-boundaries'
import { useRootData } from '~/ui/member'
import * as watcherBannerOnServer from '~/ui/watcher-banner.server'
import { keepRetryAfter } from '~/server/retry-after.server'

/** server/retry-after.server.ts. */
export const headers = keepRetryAfter

// Only during a staff watch, so not in the first load (decision 0171); the server renders it.
const WatcherBanner =
  (watcherBannerOnServer as { WatcherBanner?: () => ReactNode }).WatcherBanner ??
  lazy(() => import('~/watcher-banner.lazy').then((m) => ({ default: m.WatcherBanner })))

function Watch() {
  return useRootData()?.watch ? (
    <Suspense fallback={null}>
      <WatcherBanner />
    </Suspense>
  ) : null
}

export default function DefaultLayout() {
  return (
    <AppShell banner={<Watch />}>
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return (
    <AppShell banner={<Watch />}>
      <ErrorContentBoundary />
    </AppShell>
  )
}
