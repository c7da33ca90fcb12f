/**
 * GET /events: the member's live events for one open tab, as server-sent
 * events (docs/decisions/0129), and with `?round=<drawId>` the shots of the
 * yeekee round the tab shows. The tab joins this instance's hub; the
 * response carries only what pages show (no token, no member id), and the
 * session's cookie when opening it renewed the tokens.
 *
 * No session (a visitor, an ended or logged-out session): a `session-ended`
 * event and the end; the page closes its EventSource, asks the server and
 * follows (a member page goes to /login).
 */
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

/** This instance's hub, made on first use. */
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

/** This instance's live streams (/readyz shows them): members, open tabs, upstreams it holds. */
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

/** The hub's channel of a member's tabs (or of one old session's, `session:<sid>`). */
const memberChannel = (memberKey: string) => `member:${memberKey}`

/** The member's events, each with the toast a tab shows for it (none for most). */
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

/** `?round=`: a yeekee round's id, or null (anything else is ignored). */
function yeekeeRoundParam(url: URL): string | null {
  const round = url.searchParams.get('round')
  const parsed = drawIdSchema.safeParse(round)
  return parsed.success && parsed.data.startsWith('yeekee-') ? parsed.data : null
}

/** No session: the stream says so and ends; the page asks the server and follows. */
function noStream(): Response {
  return new Response(writeSse(SESSION_ENDED_EVENT, {}), { headers: STREAM_HEADERS })
}

/**
 * A tab's response body, and the sink the hub writes it through; `join`
 * joins the hub's channels and returns their leave functions, called once
 * the response is done with: at once when the hub closes or drops it (so a
 * dropped response leaves exactly its own channels), or when its client
 * goes. `context.onClose` (server.mjs's load context) tells when the tab
 * left; without it (remix-serve in development) the request's signal does.
 * What is unsent is what waits in Node's buffers of the response (Remix
 * writes the body to the response as fast as it comes, whatever the socket
 * takes; without the load context, the body's own queue); `drop` ends the
 * connection at once, so what a stalled reader did not take is freed.
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
        /** The response's tabs leave their channels (each once). */
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

/** The stream of this request: the tab joins the member's channel (and its yeekee round's). */
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
