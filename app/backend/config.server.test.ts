import type { IncomingMessage } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { BackendError } from '~/backend/client.server'
import { DEFAULT_APP_CONFIG, appConfigSchema, type AppConfig } from '~/backend/config.schemas'
import { createConfigSource } from '~/backend/config.server'
import { env } from '~/server/env.server'
import { getLoadContext, noteArrival } from '~/server/request-context.server'
import { followBackendTime } from '~/server/server-timing.server'

const config = (depositMin: number): AppConfig =>
  appConfigSchema.parse({
    limits: { deposit: { min: depositMin, max: 50_000 }, withdraw: { min: 300, max: 30_000 } },
    features: { czipz: false },
  })

function setup(load: () => Promise<AppConfig>) {
  let clock = 1_000_000
  const log = vi.fn()
  const source = createConfigSource({ load, ttlMs: () => 60_000, now: () => clock, log })
  return { source, log, advance: (ms: number) => (clock += ms) }
}

describe('the configuration source', () => {
  it('reads a missing section as open and keeps an answer for the TTL', async () => {
    const load = vi.fn(async () => config(100))
    const { source, advance } = setup(load)
    const first = await source.get()
    expect(first.features.transaction).toBe(true)
    expect(first.features.czipz).toBe(false)
    advance(59_999)
    await source.get()
    expect(load).toHaveBeenCalledTimes(1)
    advance(1)
    await source.get()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('asks once for concurrent requests', async () => {
    let release: (value: AppConfig) => void = () => undefined
    const load = vi.fn(() => new Promise<AppConfig>((resolve) => (release = resolve)))
    const { source } = setup(load)
    const both = Promise.all([source.get(), source.get()])
    release(config(200))
    const [a, b] = await both
    expect(load).toHaveBeenCalledTimes(1)
    expect(a.limits.deposit.min).toBe(200)
    expect(b).toBe(a)
  })

  it('keeps the last good configuration while the service is down, logging once, and again when it is back', async () => {
    let down = false
    let min = 100
    const load = vi.fn(async () => {
      if (down) throw new BackendError(502, 'UNREACHABLE', 'ไม่สามารถเชื่อมต่อระบบได้')
      return config(min)
    })
    const { source, log, advance } = setup(load)
    expect((await source.get()).limits.deposit.min).toBe(100)
    down = true
    for (let i = 0; i < 3; i++) {
      advance(60_000)
      expect((await source.get()).limits.deposit.min).toBe(100)
    }
    expect(load).toHaveBeenCalledTimes(4)
    expect(log).toHaveBeenCalledTimes(1)
    expect(log.mock.calls[0]?.[0]).toMatch(/502 UNREACHABLE.*keeping the configuration of/)
    down = false
    min = 150
    advance(60_000)
    expect((await source.get()).limits.deposit.min).toBe(150)
    expect(log).toHaveBeenCalledTimes(2)
    expect(log.mock.calls[1]?.[0]).toMatch(/answers again/)
  })

  it('runs on the built-in defaults when the service never answered', async () => {
    const { source, log } = setup(async () => {
      throw new BackendError(504, 'TIMEOUT', 'ช้า')
    })
    expect(await source.get()).toEqual(DEFAULT_APP_CONFIG)
    expect(log.mock.calls[0]?.[0]).toMatch(/built-in defaults/)
  })

  it('does not wait a TTL between tries while it has never had an answer', async () => {
    let fails = true
    const load = vi.fn(async () => {
      if (fails) throw new BackendError(502, 'UNREACHABLE', 'x')
      return config(120)
    })
    const { source } = setup(load)
    await source.get()
    fails = false
    expect((await source.get()).limits.deposit.min).toBe(120)
  })

  it("a member's request waits no longer than its one backend deadline, then goes on with what the app has", async () => {
    // Arrived BACKEND_TIMEOUT_MS - 60 ms ago (front door clock, signal linked by the guard).
    const incoming = { headers: {} } as IncomingMessage
    noteArrival(incoming, performance.now() - env().BACKEND_TIMEOUT_MS + 60)
    const request = new Request('http://app.test/')
    followBackendTime(request, getLoadContext(incoming))
    let answer: (value: AppConfig) => void = () => undefined
    const load = vi.fn(() => new Promise<AppConfig>((resolve) => (answer = resolve)))
    const { source } = setup(load)
    const started = performance.now()
    expect(await source.get(request.signal)).toEqual(DEFAULT_APP_CONFIG)
    expect(performance.now() - started).toBeLessThan(1000)
    // The fetch went on: its answer is kept for the next request.
    answer(config(130))
    expect((await source.get()).limits.deposit.min).toBe(130)
    expect(load).toHaveBeenCalledTimes(1)
  })
})

describe('the support console switches', () => {
  it('default to on for an older service that sends none, or only one', () => {
    const { staff: _omit, ...older } = DEFAULT_APP_CONFIG
    expect(appConfigSchema.parse(older).staff).toEqual({
      tokenWatcher: true,
      watchNotice: true,
      accounts: true,
    })
    expect(appConfigSchema.parse({ ...older, staff: { watchNotice: false } }).staff).toEqual({
      tokenWatcher: true,
      watchNotice: false,
      accounts: true,
    })
  })
})
