import { Outlet } from '@remix-run/react'
import { AppShell } from '~/ui/app-shell'
import { ErrorContentBoundary } from '~/ui/error-page'
import { keepRetryAfter } from '~/server/retry-after.server'

/** A 429's Retry-After reaches the answer (server/retry-after.server.ts). */
export const headers = keepRetryAfter

export default function DefaultLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}

/**
 * An error of any page in the shell (a 404 of an unknown URL, provider or
 * news item, a backend failure) shows in the shell, with its navigation.
 */
export function ErrorBoundary() {
  return (
    <AppShell>
      <ErrorContentBoundary />
    </AppShell>
  )
}
