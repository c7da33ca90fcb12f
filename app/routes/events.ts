import type { LoaderFunctionArgs } from '@remix-run/node'
import { liveStream } from '~/live/stream.server'
import { guard } from '~/session/guard'

/** GET /events: this tab's live events (server-sent events; app/live/stream.server.ts). */
export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public' }, (ctx) => liveStream(ctx, args.context))
