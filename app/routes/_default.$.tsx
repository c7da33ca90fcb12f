/**
 * Every URL no page matches: the 404 page inside the member shell, with its
 * navigation (the layout's error boundary, app/routes/_default.tsx), for a
 * visitor and a member alike. docs/decisions/0107-error-page-in-the-shell.md
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { guard } from '~/security/guard'

/** No page here: the validity check fails, which is the spec's 404. */
const notFound = (args: LoaderFunctionArgs | ActionFunctionArgs) =>
  guard(args, { access: 'public', validate: () => false }, () => null)

export const loader = notFound
/** A post to an unknown URL is the same 404 (not a 405). */
export const action = notFound

export default function NotFound() {
  return null
}
