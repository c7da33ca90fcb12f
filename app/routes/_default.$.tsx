// The 404 inside the member shell (docs/decisions/0107-error-page-in-the-shell.md).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { guard } from '~/security/guard'

const notFound = (args: LoaderFunctionArgs | ActionFunctionArgs) =>
  guard(args, { access: 'public', validate: () => false }, () => null)

export const loader = notFound
/** A post to an unknown URL is the same 404 (not a 405). */
export const action = notFound

export default function NotFound() {
  return null
}
