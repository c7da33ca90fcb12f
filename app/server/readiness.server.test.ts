/**
 * /readyz and the graceful shutdown: readiness follows the backend and the
 * shutdown, Redis is reported, and a drain waits for the requests under way.
 */
import { EventEmitter } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

let backend: Server
let healthStatus = 200

beforeAll(async () => {
  backend = createServer((req, res) => {
    res.writeHead(req.url === '/healthz' ? healthStatus : 404).end('{}')
  })
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve))
  const { port } = backend.address() as { port: number }
  // Read by env() on first use, which comes after this.
  process.env.BACKEND_URL = `http://127.0.0.1:${port}`
})
afterAll(() => {
  backend.close()
})

async function ask() {
  const { loader } = await import('~/routes/readyz')
  const res = await loader()
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

describe('/readyz', () => {
  it('ready when the backend answers; Redis is off without REDIS_URL', async () => {
    const { status, body } = await ask()
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'ready', backend: 'ok', redis: 'off' })
  })

  it('503 when the backend does not answer its /healthz (a check is reused for 1 s)', async () => {
    healthStatus = 503
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 1500)
      const { status, body } = await ask()
      expect(status).toBe(503)
      expect(body).toMatchObject({ status: 'not-ready', backend: 'down' })
    } finally {
      vi.useRealTimers()
      healthStatus = 200
    }
  })

  it('503 draining once a shutdown began, after the request under way is answered', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { drain, isDraining, requestsInFlight, trackRequest } =
      await import('~/server/shutdown.server')
    const res = new EventEmitter() as unknown as ServerResponse
    trackRequest(res)
    expect(requestsInFlight()).toBe(1)
    let drained = false
    const draining = drain(5000).then(() => (drained = true))
    expect(isDraining()).toBe(true)
    await new Promise((r) => setTimeout(r, 50))
    expect(drained).toBe(false)
    res.emit('close')
    await draining
    expect(requestsInFlight()).toBe(0)
    expect(log.mock.calls.flat().join('\n')).toContain('every request answered')

    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 5000)
      const { status, body } = await ask()
      expect(status).toBe(503)
      expect(body).toMatchObject({ status: 'draining', backend: 'ok' })
    } finally {
      vi.useRealTimers()
    }
    // Once quiet, the process exits by itself.
    await new Promise((r) => setTimeout(r, 300))
    expect(exit).toHaveBeenCalledWith(0)
  })
})
