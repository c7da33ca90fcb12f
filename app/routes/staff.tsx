import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { accessForPath } from '~/lib/pages'
import { guard } from '~/security/guard'
import { StaffShell, type ShellStaff } from '~/ui/staff/staff-shell'
import { ErrorContentBoundary } from '~/error-boundaries'
import { keepRetryAfter } from '~/lib/retry-after'

// docs/decisions/0139: the staff session's own shell, never the member's.
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

export const headers = keepRetryAfter

export default function StaffLayout() {
  return (
    <StaffShell>
      <Outlet />
    </StaffShell>
  )
}

export function ErrorBoundary() {
  return (
    <StaffShell>
      <ErrorContentBoundary />
    </StaffShell>
  )
}
