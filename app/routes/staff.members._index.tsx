import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: PAGES.staffMember.access }, () => {
    throw redirect(PAGES.staffHome.path)
  })
