import { redirect, type LoaderFunctionArgs, type ActionFunctionArgs } from '@remix-run/node'
import { accessForPath } from '~/lib/pages'
import { readFormData } from '~/lib/form-data.server'
import { guard } from '~/session/guard.server'
import { HOME_PATH, LOGIN_PATH, safeReturnPath } from '~/session/redirects'

/**
 * POST /logout: clears the session cookie, makes no backend call, and goes to
 * /login — or stays where the member was when that page is public.
 */
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: 'public', watcherMayPost: true }, async ({ request, session }) => {
    const from = safeReturnPath((await readFormData(request)).get('from'))
    session.clear()
    const path = from.split('?')[0] ?? HOME_PATH
    throw redirect(accessForPath(path) === 'public' ? from : LOGIN_PATH)
  })

/** A GET has nothing to do here. */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public' }, () => {
    throw redirect(HOME_PATH)
  })
