import { Outlet } from '@remix-run/react'
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { afterInteractive } from '~/browser/after-interactive'
import { AppShell } from '~/ui/app-shell'
import { ErrorContentBoundary } from '~/error-boundaries'
import { useOptionalMember, useRootData } from '~/ui/member'
import * as watcherBannerOnServer from '~/ui/watcher-banner.server'
import { keepRetryAfter } from '~/lib/retry-after'

/** lib/retry-after.ts. */
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

/** The member's live events: the stream's code loads once the page is interactive (decision 0171). */
function Live() {
  const active = useOptionalMember() !== null
  const [Stream, setStream] = useState<ComponentType<{ active: boolean }> | null>(null)
  useEffect(
    () =>
      afterInteractive(() => {
        import('~/live-stream.lazy').then(
          (m) => setStream(() => m.LiveStream),
          () => {},
        )
      }),
    [],
  )
  return Stream ? <Stream active={active} /> : null
}

export default function DefaultLayout() {
  return (
    <AppShell banner={<Watch />}>
      <Live />
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return (
    <AppShell banner={<Watch />}>
      <Live />
      <ErrorContentBoundary />
    </AppShell>
  )
}
