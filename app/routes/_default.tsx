import { Outlet } from '@remix-run/react'
import { AppShell } from '~/ui/app-shell'

export default function DefaultLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
