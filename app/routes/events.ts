import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { liveStream } from '~/live/stream.server'
import { methodNotAllowed } from '~/server/http-error.server'
import { guard } from '~/security/guard'

/** app/live/stream.server.ts. */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public' }, (ctx) => liveStream(ctx, args.context))

/** Not Remix's English "Unexpected Server Error". */
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: 'public' }, () => methodNotAllowed('GET, HEAD'))
