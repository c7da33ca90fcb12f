/** Steering the demo backend from tests through its /__mock/ control API. */
import { MOCK_URL } from '../../../playwright.config'

async function control(path: string, body?: unknown, method = 'POST') {
  const response = await fetch(`${MOCK_URL}/__mock/${path}`, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`mock ${path}: ${response.status} ${await response.text()}`)
  return response.status === 204 ? null : response.json()
}

/**
 * A call to the demo backend's member API as a member's own client would make
 * it (a test setting something up the way the member's app would): GET, or a
 * JSON POST when there is a body; its `data`.
 */
export async function backend<T>(path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${MOCK_URL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { data: T }).data
}

/**
 * A member's slip on the open หวยฮานอย draw that wins once settled with
 * `settleHanoiWin` (2 ตัวล่าง 45, ฿10: ฿920): staked the way the member's
 * app would, with its key. Gives the draw's id.
 */
export async function stakeHanoiWin(accessToken: string, idempotencyKey: string): Promise<string> {
  const types = await backend<{ id: string; nextDraw: { id: string } | null }[]>(
    '/lotto/types',
    accessToken,
  )
  const drawId = types.find((t) => t.id === 'hanoi')?.nextDraw?.id
  if (!drawId) throw new Error('no open hanoi draw')
  await backend('/lotto/stakes', accessToken, {
    drawId,
    idempotencyKey,
    lines: [{ kind: 'twoBottom', number: '45', amount: 10 }],
  })
  return drawId
}

/** A won หวยฮานอย slip's event (฿920), as the backend raises it when the draw settles. */
export const HANOI_WIN_EVENT = {
  type: 'stake',
  stakeId: 7,
  lottoName: 'หวยฮานอย',
  status: 'won',
  winnings: 920,
} as const

/** Settles the draw with 2 ตัวล่าง 45: the slips of `stakeHanoiWin` win. */
export const settleHanoiWin = (drawId: string) =>
  mock.post('lotto/settle', { drawId, threeTop: '123', twoBottom: '45' })

export interface MockCall {
  method: string
  path: string
  authorization: string | null
  at: number
  /** When its connection was done with (answered, or closed by the app first); null while open. */
  endedAt: number | null
}

export const mock = {
  reset: () => control('reset'),
  config: (options: Record<string, unknown>) => control('config', options),
  latency: (ms: number, path?: string) => control('latency', { ms, path }),
  fail: (options: {
    path: string
    method?: string
    status?: number
    count?: number
    mode?: string
    /** The backend's error code of the refusal (INVALID_CREDENTIALS, ...). */
    code?: string
  }) => control('fail', options),
  tokens: async (options: {
    username: string
    accessTtlSeconds?: number
    refreshTtlSeconds?: number
    noExp?: boolean
  }): Promise<{ accessToken: string; refreshToken: string }> =>
    ((await control('tokens', options)) as { data: { accessToken: string; refreshToken: string } })
      .data,
  expire: (username: string) => control('expire', { username }),
  /** Runs the backend's clock `aheadMs` ahead of the app's (0 puts it back). */
  clockAhead: (aheadMs: number) => control('clock', { aheadMs }),
  calls: async (path?: string): Promise<MockCall[]> => {
    const query = path ? `?path=${encodeURIComponent(path)}` : ''
    const response = await fetch(`${MOCK_URL}/__mock/calls${query}`)
    return ((await response.json()) as { data: MockCall[] }).data
  },
  clearCalls: () => control('calls', undefined, 'DELETE'),
  /** Any control of the demo backend: POST /__mock/<path> with `body`. */
  post: (path: string, body?: unknown) => control(path, body ?? {}),
  /** Raises a live event for the member (its `at` is added by the backend). */
  raiseEvent: (username: string, event: Record<string, unknown>) =>
    control('events', { username, event }),
  /** The backend's open live-event streams, per username. */
  eventStreams: async (): Promise<Record<string, number>> =>
    (
      (await (await fetch(`${MOCK_URL}/__mock/events/streams`)).json()) as {
        data: { byMember: Record<string, number> }
      }
    ).data.byMember,
  /** Ends the member's open event streams (a backend restart). */
  dropEventStreams: (username?: string) => control('events/drop', { username }),
  /** Changes what the demo configuration service serves (open sections, limits, support). */
  appConfig: (change: {
    features?: Record<string, boolean>
    limits?: Record<string, unknown>
    support?: Record<string, unknown>
    staff?: { tokenWatcher?: boolean; watchNotice?: boolean; accounts?: boolean }
  }) => control('app-config', change),
  /** A member's saved push subscriptions and chosen kinds, as the demo backend keeps them. */
  pushSubscriptions: async (username = 'demo') =>
    (
      (await control(`push/subscriptions?username=${username}`, undefined, 'GET')) as {
        data: { items: { endpoint: string }[]; kinds: Record<string, boolean> }
      }
    ).data,
  /** What the demo backend pushed for a member (once the pushes under way have their answers). */
  pushSent: async (username = 'demo') =>
    (
      (await control(`push/sent?username=${username}`, undefined, 'GET')) as {
        data: { items: { endpoint: string; payload: Record<string, unknown>; status: number }[] }
      }
    ).data.items,
}
