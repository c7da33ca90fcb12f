// The staff console's pages are the staff session's: no member is asked for there.
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { Member } from '~/backend/schemas'
import { appConfig } from '~/backend/config.server'
import { publicEnv } from '~/server/env.server'
import { readToast, type FlashToast } from '~/server/toast.server'
import { SESSION_EXPIRED_TOAST } from '~/security/checks.server'
import { guard, memberPart } from '~/security/guard'
import { getMember } from '~/session/member-api.server'
import { LOGIN_REASONS } from '~/lib/redirects'
import { accessForPath, isStaffAccess } from '~/lib/pages'
import { shellWatch } from '~/staff/watch.server'
import type { ShellMember } from '~/lib/shell'
import type { RootData } from '~/ui/root-data'

function shellMember(member: Member): ShellMember {
  return {
    username: member.username,
    displayName: member.displayName,
    balance: member.balance,
    unread: member.unreadNotifications ?? 0,
  }
}

export const rootLoader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public' }, async (ctx) => {
    const { request, session, cookies } = ctx
    // The configuration (the support link) is asked at once, under the request's deadline.
    const config = appConfig(request.signal)
    const flash = readToast(request)
    cookies.add(...flash.clear)
    const expiredOnRead = session.expired
    // A profile the backend could not give (down, garbage, no member) is an
    // error page that keeps the session; an ended session shows a visitor's
    // shell here, and the guard sends a member page to /login.
    const staffPage = isStaffAccess(accessForPath(ctx.url.pathname))
    const profile = staffPage ? null : await memberPart(ctx, () => getMember(ctx))
    const member = profile ? shellMember(profile) : null
    let toast: FlashToast | null = flash.toast
    if (session.endedElsewhere) {
      // A password change or "ออกจากระบบทุกอุปกรณ์" elsewhere, found by this page
      // (a page visitors see too stays, as a visitor's: it says why here).
      toast = { type: 'error', message: LOGIN_REASONS['ended-elsewhere'], id: 'session-ended' }
    } else if (session.expired && !expiredOnRead) {
      toast = { type: 'error', message: SESSION_EXPIRED_TOAST, id: 'session-ended' }
    } else if (expiredOnRead) {
      toast ??= { type: 'error', message: SESSION_EXPIRED_TOAST, id: 'session-expired' }
    }
    return {
      member,
      support: (await config).support,
      watch: member ? shellWatch(session.payload) : null,
      toast,
      env: publicEnv(),
    } satisfies RootData
  })
