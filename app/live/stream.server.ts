// docs/decisions/0129. Only what pages show (no token, no member id). No session: a `session-ended`
// event and the end, so the page asks the server and follows.
import type { AppLoadContext } from '@remix-run/node'
import { SessionEndedError } from '~/backend/client.server'
import { MEMBER_EVENTS, readEventStream, yeekeeRoundEvents } from '~/backend/events.server'
import { onDrain } from '~/server/shutdown.server'
import { sessionEndsAt } from '~/session/cookie.server'
import type { RouteContext } from '~/security/guard'
import { liveAccessToken, profileWith } from '~/session/member-api.server'
import { isSessionOpen, onMemberSessionsEnded, onSessionEnded } from '~/session/session.server'
import { writeSse } from '~/lib/sse'
import {
  LiveHub,
  MAX_TABS,
  SESSION_ENDED_EVENT,
  type ChannelSpec,
  type TabSession,
  type TabSink,
} from '~/live/hub.server'
import { drawIdSchema } from '~/backend/lotto.schemas'
import { MEMBER_EVENT, type MemberEvent } from '~/backend/events.schemas'
import { toastFor } from '~/live/event-text.server'
import { relayFromEnv } from '~/live/relay.server'

let hub: LiveHub | undefined

export function liveHub(): LiveHub {
  if (hub) return hub
  const created = new LiveHub({
    readUpstream: readEventStream,
    relay: relayFromEnv(),
    pollBalance: async (token) => {
      const member = await profileWith(token)
      if (!member) throw new Error('no profile')
      return member.balance
    },
  })
  onSessionEnded((sid) => created.sessionEnded(sid))
  onMemberSessionsEnded((memberId) => void created.sessionsMayHaveEnded(memberChannel(memberId)))
  onDrain(() => created.closeAll())
  hub = created
  return created
}

export function liveStats() {
  return hub?.stats() ?? { members: 0, tabs: 0, upstreams: 0, replaced: 0, stalled: 0 }
}

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform: the compression middleware leaves it alone (it would hold events back).
  'Cache-Control': 'no-cache, no-transform',
  // nginx passes it on as it comes (docs/deploy.md).
  'X-Accel-Buffering': 'no',
}

/** Or of one old session's, `session:<sid>`. */
const memberChannel = (memberKey: string) => `member:${memberKey}`

const MEMBER_CHANNEL: ChannelSpec = {
  upstream: MEMBER_EVENTS,
  writeIds: true,
  maxTabs: MAX_TABS,
  pollsBalance: true,
  present: (name, data) => {
    if (name !== MEMBER_EVENT) return data
    const toast = toastFor(data as MemberEvent)
    return toast ? { ...(data as MemberEvent), toast } : data
  },
}

/** Anything else is ignored. */
function yeekeeRoundParam(url: URL): string | null {
  const round = url.searchParams.get('round')
  const parsed = drawIdSchema.safeParse(round)
  return parsed.success && parsed.data.startsWith('yeekee-') ? parsed.data : null
}

function noStream(): Response {
  return new Response(writeSse(SESSION_ENDED_EVENT, {}), { headers: STREAM_HEADERS })
}

/**
 * `context.onClose` (server.mjs) tells when the tab left; without it (remix-serve) the signal does.
 * `drop` ends the connection at once, so what a stalled reader did not take is freed.
 */
export function tabBody(
  context: AppLoadContext,
  request: Request,
  join: (sink: TabSink) => (() => void)[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false
        let leaves: (() => void)[] = []
        const leaveAll = () => {
          for (const leave of leaves.splice(0)) leave()
        }
        const sink: TabSink = {
          write: (text) => {
            if (!closed) controller.enqueue(encoder.encode(text))
          },
          close: () => {
            if (!closed) {
              closed = true
              controller.close()
            }
            leaveAll()
          },
          // Node's buffers: the body's own queue is empty again once this turn's writes are passed on.
          unsent: () => context.unsent?.() ?? Math.max(0, -(controller.desiredSize ?? 0)),
          drop: () => {
            sink.close()
            context.abandon?.()
          },
        }
        leaves = join(sink)
        // Closed while it joined (its first channel dropped it): the channels it joined after let it go too.
        if (closed) leaveAll()
        const gone = () => sink.close()
        if (context.onClose) context.onClose(gone)
        else if (request.signal.aborted) gone()
        else request.signal.addEventListener('abort', gone, { once: true })
      },
    },
    // Counted in bytes, none held back: desiredSize is minus what waits in the queue.
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  )
}

export async function liveStream(ctx: RouteContext, context: AppLoadContext): Promise<Response> {
  const { session, request } = ctx
  if (!session.loggedIn) return noStream()
  let accessToken: string
  try {
    accessToken = await liveAccessToken(session)
  } catch (error) {
    if (error instanceof SessionEndedError) return noStream()
    throw error
  }
  const payload = session.payload
  if (!payload) return noStream()
  // A session from before sessions knew their member (decision 0093) streams on its own:
  // asking the profile for its id on every (re)connect would cost a backend call each time.
  const memberKey = payload.mid ?? `session:${payload.sid}`
  const round = yeekeeRoundParam(ctx.url)
  const tabSession: TabSession = {
    sid: payload.sid,
    accessToken,
    accessExpiresAt: payload.accessExpiresAt,
    endsAt: sessionEndsAt(payload),
    stillOpen: () => isSessionOpen(payload),
  }
  const body = tabBody(context, request, (sink) => {
    const hub = liveHub()
    const leaves = [
      hub.join(
        memberChannel(memberKey),
        MEMBER_CHANNEL,
        tabSession,
        sink,
        request.headers.get('Last-Event-ID'),
      ),
    ]
    // The yeekee round the tab watches (`?round=`): every watcher shares its upstream.
    if (round) {
      const spec = { upstream: yeekeeRoundEvents(round), writeIds: false, pollsBalance: false }
      leaves.push(hub.join(`yeekee:${round}`, spec, tabSession, sink, null))
    }
    return leaves
  })
  return new Response(body, { headers: STREAM_HEADERS })
}
