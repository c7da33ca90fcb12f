import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { staffLogout } from '~/backend/staff.server'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { endStaffSession } from '~/staff/staff-session.server'
import { endThisWatch, watchOf } from '~/staff/watch.server'

/**
 * POST /staff/logout: the staff session ends for every copy of its cookie;
 * a watch this browser holds for it ends with it (on the record as the staff
 * session's end); the backend is told to end the staff tokens.
 */
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

/** A GET has nothing to do here. */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: PAGES.staffHome.access }, () => {
    throw redirect(PAGES.staffHome.path)
  })
