/**
 * GET /events: the member's live events for one open tab, as server-sent
 * events (docs/decisions/0129). The tab joins this instance's hub; the
 * response carries only what pages show (no token, no member id), and the
 * session's cookie when opening it renewed the tokens.
 *
 * No session (a visitor, an ended or logged-out session): a `session-ended`
 * event and the end; the page closes its EventSource, asks the server and
 * follows (a member page goes to /login).
 */
import { callBackend, SessionEndedError } from '~/backend/client.server'
import { readMemberEvents } from '~/backend/events.server'
import { profileResponseSchema } from '~/backend/schemas'
import { onDrain } from '~/server/shutdown.server'
import { sessionEndsAt } from '~/session/cookie.server'
import type { RouteContext } from '~/session/guard'
import { getMember, liveAccessToken } from '~/session/member-api.server'
import { isSessionOpen, onSessionEnded } from '~/session/session.server'
import { writeSse } from '~/lib/sse'
import { LiveHub, SESSION_ENDED_EVENT } from '~/live/hub.server'
import { relayFromEnv } from '~/live/relay.server'

let hub: LiveHub | undefined

/** This instance's hub, made on first use. */
export function liveHub(): LiveHub {
  if (hub) return hub
  const created = new LiveHub({
    readUpstream: readMemberEvents,
    relay: relayFromEnv(),
    pollBalance: async (token, signal) => {
      const member = await callBackend({
        method: 'GET',
        path: '/user/profile',
        schema: profileResponseSchema,
        token,
        signal,
      })
      if (!member) throw new Error('no profile')
      return member.balance
    },
  })
  onSessionEnded((sid) => created.sessionEnded(sid))
  onDrain(() => created.closeAll())
  hub = created
  return created
}

/** This instance's live streams (/readyz shows them): members, open tabs, upstreams it holds. */
export function liveStats() {
  return hub?.stats() ?? { members: 0, tabs: 0, upstreams: 0 }
}

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform: the compression middleware leaves it alone (it would hold events back).
  'Cache-Control': 'no-cache, no-transform',
  // nginx passes it on as it comes (docs/deploy.md).
  'X-Accel-Buffering': 'no',
}

/** No session: the stream says so and ends; the page asks the server and follows. */
function noStream(): Response {
  return new Response(writeSse(SESSION_ENDED_EVENT, {}), { headers: STREAM_HEADERS })
}

export async function liveStream(ctx: RouteContext): Promise<Response> {
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
  const key = payload.mid ?? String((await getMember(ctx)).id)
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false
      const close = () => {
        if (closed) return
        closed = true
        controller.close()
      }
      const leave = liveHub().join(
        key,
        {
          sid: payload.sid,
          accessToken,
          accessExpiresAt: payload.accessExpiresAt,
          endsAt: sessionEndsAt(payload),
          stillOpen: () => isSessionOpen(payload),
        },
        {
          write: (text) => {
            if (!closed) controller.enqueue(encoder.encode(text))
          },
          close,
        },
        request.headers.get('Last-Event-ID'),
      )
      const gone = () => {
        leave()
        close()
      }
      if (request.signal.aborted) gone()
      else request.signal.addEventListener('abort', gone, { once: true })
    },
  })
  return new Response(body, { headers: STREAM_HEADERS })
}
