// docs/backend-api.md, "Live events". An event failing its schema is logged and skipped (its id
// still counts as seen).
import { request as undiciRequest } from 'undici'
import type { z } from 'zod'
import { MEMBER_EVENT, memberEventSchema, RESET_EVENT } from '~/backend/events.schemas'
import { YEEKEE_EVENT, yeekeeEventSchema } from '~/backend/yeekee.schemas'
import { env } from '~/server/env.server'
import { SseReader } from '~/lib/sse'

export const EVENTS_PATH = '/member/events'

export type UpstreamItem =
  | { id: string; kind: 'event'; name: string; data: unknown }
  | { id: string; kind: 'reset' }
  /** An `id:` without data: nothing before it is news. */
  | { id: string; kind: 'position' }

/**
 * `unauthorized`: the tabs renew the token; `unsupported` (404, 405, 501): the hub polls instead;
 * `failed`: tried again later.
 */
export type UpstreamEnd = 'closed' | 'unauthorized' | 'unsupported' | 'failed' | 'aborted'

export interface UpstreamSpec {
  path: string
  events: Readonly<Record<string, z.ZodTypeAny>>
}

export const MEMBER_EVENTS: UpstreamSpec = {
  path: EVENTS_PATH,
  events: { [MEMBER_EVENT]: memberEventSchema },
}

export function yeekeeRoundEvents(drawId: string): UpstreamSpec {
  return {
    path: `/lotto/yeekee/rounds/${encodeURIComponent(drawId)}/events`,
    events: { [YEEKEE_EVENT]: yeekeeEventSchema },
  }
}

export interface UpstreamOptions {
  spec: UpstreamSpec
  token: string
  lastEventId: string | null
  signal: AbortSignal
  onItem: (item: UpstreamItem) => void
  onOpen?: () => void
  quietLimitMs: number
}

export async function readEventStream(options: UpstreamOptions): Promise<UpstreamEnd> {
  const { spec, token, lastEventId, signal, onItem, quietLimitMs } = options
  if (signal.aborted) return 'aborted'
  const controller = new AbortController()
  const stop = () => controller.abort()
  signal.addEventListener('abort', stop, { once: true })
  let quiet: NodeJS.Timeout | undefined
  let wentQuiet = false
  const awake = () => {
    clearTimeout(quiet)
    quiet = setTimeout(() => {
      wentQuiet = true
      controller.abort()
    }, quietLimitMs)
    quiet.unref()
  }
  try {
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
    }
    if (lastEventId) headers['Last-Event-ID'] = lastEventId
    awake()
    const answer = await undiciRequest(`${env().BACKEND_URL}${spec.path}`, {
      method: 'GET',
      headers,
      signal: controller.signal,
      headersTimeout: env().BACKEND_TIMEOUT_MS,
      bodyTimeout: 0,
    })
    const type = String(answer.headers['content-type'] ?? '')
    if (answer.statusCode !== 200 || !type.startsWith('text/event-stream')) {
      await answer.body.dump().catch(() => undefined)
      if (answer.statusCode === 401) return 'unauthorized'
      if ([404, 405, 501].includes(answer.statusCode)) return 'unsupported'
      return 'failed'
    }
    options.onOpen?.()
    const reader = new SseReader(
      ({ id, event, data }) => {
        if (event === RESET_EVENT) return onItem({ id, kind: 'reset' })
        const schema = spec.events[event]
        if (!schema) return
        const parsed = schema.safeParse(safeJson(data))
        if (parsed.success) onItem({ id, kind: 'event', name: event, data: parsed.data })
        else console.warn(`[live] skipped an event that breaks the contract (id ${id})`)
      },
      (id) => onItem({ id, kind: 'position' }),
    )
    answer.body.setEncoding('utf8')
    for await (const chunk of answer.body as AsyncIterable<string>) {
      awake()
      reader.feed(chunk)
    }
    return 'closed'
  } catch {
    if (signal.aborted) return 'aborted'
    return wentQuiet ? 'closed' : 'failed'
  } finally {
    clearTimeout(quiet)
    signal.removeEventListener('abort', stop)
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
