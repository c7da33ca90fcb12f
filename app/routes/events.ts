import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { liveStream } from '~/live/stream.server'
import { methodNotAllowed } from '~/server/http-error.server'
import { guard } from '~/security/guard'

/** GET /events: this tab's live events (server-sent events; app/live/stream.server.ts). */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public' }, (ctx) => liveStream(ctx, args.context))

/** Any other method: a Thai 405 with Allow (not Remix's English "Unexpected Server Error"). */
export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: 'public' }, () => methodNotAllowed('GET, HEAD'))
