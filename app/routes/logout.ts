import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { accessForPath } from '~/lib/pages'
import { endTokenFamily } from '~/backend/logout.server'
import { readFormData } from '~/server/form-data.server'
import { guard } from '~/security/guard'
import { HOME_PATH, LOGIN_PATH, safeReturnPath } from '~/lib/redirects'
import { endSession } from '~/session/session.server'
import { endThisWatch, watchExitPath, watchOf } from '~/staff/watch.server'

// The backend ends the token family too, not waited for: a copy dies at its next backend call even
// when the shared store cannot say it ended (docs/decisions/0133).
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: 'public', watcherMayPost: true, endsSession: true }, async (ctx) => {
    const { request, session } = ctx
    // A watch ends here ("จบการดู"), on the record, and goes back where it started.
    const watched = session.asRead
    if (watchOf(watched)) {
      await endThisWatch(ctx, 'button')
      throw redirect(watchExitPath(watched!))
    }
    // Ended first: a post that is no form still logs out.
    const payload = session.payload
    if (payload) {
      // A watcher holds the member's own tokens: their family is the member's to end.
      if (payload.refreshToken && payload.strategy !== 'watcher') {
        endTokenFamily(payload.refreshToken)
      }
      await endSession(payload)
    }
    session.clear()
    const form = await readFormData(request).catch(() => new FormData())
    const from = safeReturnPath(form.get('from'))
    const path = from.split('?')[0] ?? HOME_PATH
    throw redirect(accessForPath(path) === 'public' ? from : LOGIN_PATH)
  })

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public' }, () => {
    throw redirect(HOME_PATH)
  })
