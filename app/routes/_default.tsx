import { Outlet } from '@remix-run/react'
import { AppShell } from '~/ui/app-shell'
import { ErrorContentBoundary } from '~/ui/error-page'
import { keepRetryAfter } from '~/server/retry-after.server'

/** server/retry-after.server.ts. */
export const headers = keepRetryAfter

export default function DefaultLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return (
    <AppShell>
      <ErrorContentBoundary />
    </AppShell>
  )
}
