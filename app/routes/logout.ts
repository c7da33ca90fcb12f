import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { accessForPath } from '~/lib/pages'
import { readFormData } from '~/server/form-data.server'
import { guard } from '~/session/guard'
import { HOME_PATH, LOGIN_PATH, safeReturnPath } from '~/session/redirects'
import { endSession } from '~/session/session.server'

/**
 * POST /logout: makes no backend call; ends the session for every copy of
 * its cookie, clears this one, and goes to /login, or stays where the
 * member was when that page is public. A watcher leaves watcher mode here.
 */
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: 'public', watcherMayPost: true }, async ({ request, session }) => {
    // Ended first: a post that is no form still logs out.
    if (session.payload) await endSession(session.payload)
    session.clear()
    const form = await readFormData(request).catch(() => new FormData())
    const from = safeReturnPath(form.get('from'))
    const path = from.split('?')[0] ?? HOME_PATH
    throw redirect(accessForPath(path) === 'public' ? from : LOGIN_PATH)
  })

/** A GET has nothing to do here. */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public' }, () => {
    throw redirect(HOME_PATH)
  })
