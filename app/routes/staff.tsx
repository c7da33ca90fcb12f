import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { accessForPath } from '~/lib/pages'
import { guard } from '~/security/guard'
import { StaffShell, type ShellStaff } from '~/ui/staff/staff-shell'
import { ErrorContentBoundary } from '~/ui/error-page'
import { keepRetryAfter } from '~/server/retry-after.server'

/**
 * The staff console's layout (docs/decisions/0139): the staff session's own
 * shell, never the member's. Its loader gives the shell the staff person
 * (null on the staff login); each page's own loader guards the page.
 */
export const loader = (args: LoaderFunctionArgs) =>
  guard(
    args,
    { access: accessForPath(new URL(args.request.url).pathname) ?? 'staff' },
    ({ staffSession }): { staff: ShellStaff | null } => {
      const staff = staffSession.payload?.staff
      return {
        staff: staff
          ? { username: staff.username, displayName: staff.displayName, role: staff.role }
          : null,
      }
    },
  )

/** A 429's Retry-After reaches the answer (server/retry-after.server.ts). */
export const headers = keepRetryAfter

export default function StaffLayout() {
  return (
    <StaffShell>
      <Outlet />
    </StaffShell>
  )
}

/** A console page's error (a 403, the backend down) shows in the console's shell. */
export function ErrorBoundary() {
  return (
    <StaffShell>
      <ErrorContentBoundary />
    </StaffShell>
  )
}
