import { redirect, type LoaderFunctionArgs, type ActionFunctionArgs } from '@remix-run/node'
import { PAGES, type PageInfo } from '~/lib/pages'
import { guard } from '~/session/guard.server'
import { HOME_PATH, LOGIN_PATH, safeReturnPath } from '~/session/redirects'

const PUBLIC_PATHS = new Set(
  Object.values(PAGES as Record<string, PageInfo>)
    .filter((p) => p.access === 'public')
    .map((p) => p.path),
)

/**
 * POST /logout: clears the session cookie, makes no backend call, and goes to
 * /login — or stays where the member was when that page is public.
 */
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: 'public', layout: 'none' }, async ({ request, session }) => {
    const from = safeReturnPath((await request.formData()).get('from'))
    session.clear()
    const path = from.split('?')[0] ?? HOME_PATH
    throw redirect(PUBLIC_PATHS.has(path) ? from : LOGIN_PATH)
  })

/** A GET has nothing to do here. */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public', layout: 'none' }, () => {
    throw redirect(HOME_PATH)
  })
