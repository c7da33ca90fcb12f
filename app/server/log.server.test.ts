import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { frontDoor } from '~/server/front-door.server'
import { requestLog } from '~/server/log.server'
import { incomingRequestId } from '~/server/request-id.server'

let server: Server | undefined

afterEach(() => {
  server?.close()
  server = undefined
})

/** A server with the request log and the front door before `app`, as server.mjs has them. */
async function logged(
  app: (url: string) => number,
  quiet?: (req: { url?: string }) => boolean,
): Promise<{ url: string; lines: () => Record<string, unknown>[] }> {
  let written = ''
  const destination = { write: (line: string) => void (written += line) }
  const log = requestLog({ destination, quiet })
  server = createServer((req, res) =>
    log(req, res, () =>
      frontDoor(req, res, () => {
        // As entry.server.tsx does with the load context's id.
        res.setHeader('X-Request-Id', incomingRequestId(req))
        res.statusCode = app(req.url ?? '')
        res.end('x')
      }),
    ),
  ).listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const lines = () =>
    written
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { url: `http://127.0.0.1:${port}`, lines }
}

describe('requestLog', () => {
  it('one JSON line per answer: the request id, the method, the path and the status', async () => {
    const { url, lines } = await logged(() => 200)
    const answer = await fetch(`${url}/lotto/result?lotto=thai&date=2026-01-16`)
    await answer.text()
    await expect.poll(lines).toHaveLength(1)
    expect(lines()[0]).toMatchObject({
      level: 'info',
      reqId: answer.headers.get('x-request-id') ?? 'none',
      req: { method: 'GET', url: '/lotto/result?lotto=thai&date=2026-01-16' },
      res: { statusCode: 200 },
      msg: 'request',
    })
    expect(lines()[0]?.reqId).toMatch(/^[a-z0-9]{8}$/)
    expect(Object.keys(lines()[0] ?? {}).sort()).toEqual(
      ['level', 'msg', 'req', 'reqId', 'res', 'responseTime', 'time'].sort(),
    )
  })

  it('keeps the browser’s request id, and no header, token or password', async () => {
    const { url, lines } = await logged(() => 302)
    await fetch(`${url}/profile?refreshToken=eyJhbGciOiJIUzI1NiJ9.SECRET.sig&page=2`, {
      redirect: 'manual',
      headers: {
        'X-Request-Id': 'abcdef12',
        Cookie: '__Host-session=SECRET-COOKIE',
        Authorization: 'Bearer SECRET-BEARER',
      },
    })
    await fetch(`${url}/login`, { method: 'POST', body: 'username=demo&password=SECRET-PASSWORD' })
    await expect.poll(lines).toHaveLength(2)
    expect(lines()[0]).toMatchObject({
      reqId: 'abcdef12',
      req: { url: '/profile?refreshToken=[redacted]&page=2' },
      res: { statusCode: 302 },
    })
    expect(JSON.stringify(lines())).not.toMatch(/SECRET|cookie|authorization|password/i)
  })

  it('the front door’s answers, as such; a 5xx at level error; quiet answers none', async () => {
    const { url, lines } = await logged(
      (path) => (path === '/down' ? 502 : 200),
      (req) => req.url?.startsWith('/build/') ?? false,
    )
    const traced = await fetch(`${url}/?token=abc`, { method: 'PROPFIND' })
    await fetch(`${url}/build/entry.client-ABC.js`)
    await fetch(`${url}/down`)
    await expect.poll(lines).toHaveLength(2)
    expect(lines()).toMatchObject([
      {
        reqId: traced.headers.get('x-request-id') ?? 'none',
        req: { method: 'PROPFIND', url: '/?token=[redacted]' },
        res: { statusCode: 405 },
        msg: 'front door',
      },
      { level: 'error', req: { url: '/down' }, res: { statusCode: 502 }, msg: 'request' },
    ])
    expect(lines()[1]).not.toHaveProperty('err')
  })
})
