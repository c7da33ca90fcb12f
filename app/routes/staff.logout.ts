import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { staffLogout } from '~/backend/staff.server'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { endStaffSession } from '~/staff/staff-session.server'
import { endThisWatch, watchOf } from '~/staff/watch.server'

export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: PAGES.staffHome.access }, async (ctx) => {
    const { staffSession, session } = ctx
    const payload = staffSession.payload
    if (payload) {
      if (watchOf(session.asRead)?.staff?.sid === payload.sid) {
        await endThisWatch(ctx, 'staff-session')
      }
      await endStaffSession(payload)
      staffLogout(payload.refreshToken).catch(() => undefined)
    }
    staffSession.clear()
    throw redirect(PAGES.staffLogin.path)
  })

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: PAGES.staffHome.access }, () => {
    throw redirect(PAGES.staffHome.path)
  })
