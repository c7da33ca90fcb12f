/**
 * The home's backend calls against a started demo backend: what is the same for every member is
 * asked once for many members' homes (docs/decisions/0170).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LottoType } from '~/backend/lotto.schemas'
import type * as LottoApi from '~/backend/lotto.server'
import type { RouteContext } from '~/security/guard'
import { startMockBackend, type MockBackend } from '../../../tests/mock-backend/server'
import type * as HomePage from './page.server'

let backend: MockBackend
let loadPage: typeof HomePage.loadPage
let nextDrawChange: typeof LottoApi.nextDrawChange

beforeAll(async () => {
  // The backend reads the test's clock too: its draws open and close by it.
  backend = await startMockBackend({ port: 0, logOtp: false, clock: () => Date.now() })
  vi.resetModules()
  vi.stubEnv('BACKEND_URL', backend.url)
  ;({ loadPage } = await import('./page.server'))
  ;({ nextDrawChange } = await import('~/backend/lotto.server'))
})

afterEach(() => {
  vi.useRealTimers()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await backend.close()
})

/** A logged-in member's home: their own calls (recent games) answered here. */
function memberHome(): RouteContext {
  return {
    request: new Request('http://app.example/'),
    session: { loggedIn: true },
    member: { call: vi.fn(async () => []) },
  } as unknown as RouteContext
}

async function backendCalls(path: string): Promise<number> {
  const res = await fetch(`${backend.url}/__mock/calls?path=${encodeURIComponent(path)}`)
  return ((await res.json()) as { data: unknown[] }).data.length
}

describe("the home's lotto types", () => {
  it("two members' homes make one call; the next opening or closing asks again", async () => {
    const types = (await (await fetch(`${backend.url}/lotto/types`)).json()) as {
      data: LottoType[]
    }
    const change = nextDrawChange(types.data, Date.now())
    expect(Number.isFinite(change)).toBe(true)
    // A second before a draw opens or closes: well inside the time the answer is shared.
    vi.useFakeTimers({ toFake: ['Date'], now: change - 1000 })
    await fetch(`${backend.url}/__mock/calls`, { method: 'DELETE' })
    const first = await loadPage(memberHome())
    const second = await loadPage(memberHome())
    expect(await backendCalls('/lotto/types')).toBe(1)
    const [firstDraws, secondDraws] = [first, second].map((home) =>
      home.play?.closingDraws.ok ? home.play.closingDraws.items : null,
    )
    expect(firstDraws?.length).toBeGreaterThan(0)
    // Worked out once for the shared answer.
    expect(secondDraws).toBe(firstDraws)

    vi.setSystemTime(change)
    await loadPage(memberHome())
    expect(await backendCalls('/lotto/types')).toBe(2)
  })
})
