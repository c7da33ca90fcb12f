import http from 'node:http'
import net from 'node:net'
import { writeReadableStreamToWritable } from '@remix-run/node'
import { afterEach, describe, expect, it } from 'vitest'
import { MEMBER_EVENTS, type UpstreamEnd, type UpstreamOptions } from '~/backend/events.server'
import { getLoadContext } from '~/server/request-context.server'
import { LiveHub, MAX_TABS, MAX_UNSENT_BYTES, REPLACED_RETRY_MS } from './hub.server'
import { tabBody } from './stream.server'

/** One upstream that stays open; the test sends its items. */
function fakeUpstream() {
  const open = new Set<UpstreamOptions>()
  return {
    read: (options: UpstreamOptions) =>
      new Promise<UpstreamEnd>((resolve) => {
        open.add(options)
        options.onOpen?.()
        options.onItem({ id: '0', kind: 'position' })
        options.signal.addEventListener('abort', () => resolve('aborted'), { once: true })
      }),
    emit(id: number, data: unknown) {
      for (const options of open)
        options.onItem({ id: String(id), kind: 'event', name: 'member', data })
    },
  }
}

const cleanup: (() => void)[] = []
afterEach(() => {
  for (const done of cleanup.splice(0)) done()
})

const tabSession = {
  sid: 's',
  accessToken: 't',
  accessExpiresAt: null,
  endsAt: null,
  stillOpen: async () => true,
}

/**
 * The app's way: the load context of server.mjs, the body written to the
 * response as Remix does. `?round=`: the response also joins a yeekee
 * round's channel (uncapped, no ids), as liveStream's does.
 */
async function serve(hub: LiveHub) {
  const closed: http.ServerResponse[] = []
  /** The hub's counts as each response's joins return (in the same turn as what they closed). */
  const joined: ReturnType<LiveHub['stats']>[] = []
  const server = http.createServer((req, res) => {
    const context = getLoadContext(req, res)
    res.once('close', () => closed.push(res))
    const request = new Request(`http://app.test${req.url}`)
    const round = new URL(request.url).searchParams.get('round')
    const body = tabBody(context, request, (sink) => {
      const leaves = [
        hub.join(
          '1001',
          { upstream: MEMBER_EVENTS, writeIds: true, maxTabs: MAX_TABS, pollsBalance: false },
          tabSession,
          sink,
          null,
        ),
      ]
      if (round) {
        const spec = { upstream: MEMBER_EVENTS, writeIds: false, pollsBalance: false }
        leaves.push(hub.join(`yeekee:${round}`, spec, tabSession, sink, null))
      }
      return leaves
    })
    joined.push(hub.stats())
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    void writeReadableStreamToWritable(body, res).catch(() => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanup.push(() => server.close())
  const { port } = server.address() as net.AddressInfo
  return { port, closed, joined }
}

/** A client that sends its request and never reads what comes back. */
async function stalledClient(port: number, path = '/events') {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(`GET ${path} HTTP/1.1\r\nHost: app.test\r\n\r\n`)
  socket.pause()
  cleanup.push(() => socket.destroy())
  return socket
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('a tab stream over HTTP', () => {
  it("drops a reader that stopped reading once the response's unsent bytes pass the bound; a reading tab keeps going", async () => {
    const upstream = fakeUpstream()
    const hub = new LiveHub({ readUpstream: upstream.read })
    cleanup.push(() => hub.closeAll())
    const { port, closed } = await serve(hub)
    // It also watches a yeekee round: dropped, it leaves both channels at once.
    await stalledClient(port, '/events?round=r1')
    const received: string[] = []
    const reading = http.get({ port, host: '127.0.0.1', path: '/events' }, (res) => {
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => received.push(chunk))
    })
    reading.on('error', () => undefined)
    cleanup.push(() => reading.destroy())
    while (hub.stats().tabs < 3) await tick()
    // Events of 4 KB: the kernel's socket buffers fill first, then Node's.
    const data = { type: 'balance', note: 'ก'.repeat(1300) }
    let id = 0
    while (hub.stats().stalled === 0 && id < 20_000) {
      upstream.emit(++id, data)
      if (id % 50 === 0) await tick()
    }
    expect(hub.stats()).toMatchObject({ stalled: 1, tabs: 1 })
    // Its connection is closed at once (not when its buffers drain), and nothing holds its bytes.
    while (closed.length === 0) await tick()
    expect(closed[0]!.writableLength).toBeLessThanOrEqual(MAX_UNSENT_BYTES + 8 * 1024)
    upstream.emit(++id, data)
    while (!received.join('').includes(`id: ${id}\n`)) await tick()
    expect(hub.stats().tabs).toBe(1)
  })

  it("closes a member's oldest response past MAX_TABS, told to come back later, out of every channel it was in at once", async () => {
    const upstream = fakeUpstream()
    const hub = new LiveHub({ readUpstream: upstream.read })
    cleanup.push(() => hub.closeAll())
    const { port, joined } = await serve(hub)
    /** A tab watching a yeekee round: its text, and whether its response ended. */
    const open = (n: number) => {
      const tab = { text: '', ended: false }
      const req = http.get({ port, host: '127.0.0.1', path: '/events?round=r1' }, (res) => {
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (tab.text += chunk))
        res.on('end', () => (tab.ended = true))
      })
      req.on('error', () => undefined)
      cleanup.push(() => req.destroy())
      return {
        tab,
        inHub: async () => {
          while (hub.stats().tabs < 2 * n) await tick()
        },
      }
    }
    const tabs = []
    for (let n = 1; n <= MAX_TABS; n++) {
      const opened = open(n)
      await opened.inHub()
      tabs.push(opened.tab)
    }
    expect(hub.stats()).toMatchObject({ tabs: 2 * MAX_TABS, replaced: 0 })
    const newest = open(MAX_TABS + 1).tab
    while (joined.length <= MAX_TABS) await tick()
    // The oldest left the member's channel and the round's in the same turn: the cap stays exact.
    expect(joined[MAX_TABS]).toMatchObject({ tabs: 2 * MAX_TABS, replaced: 1 })
    const [oldest, ...kept] = tabs
    while (!oldest!.ended) await tick()
    expect(oldest!.text.endsWith(`retry: ${REPLACED_RETRY_MS}\n\n`)).toBe(true)
    upstream.emit(1, { type: 'balance', balance: 10 })
    for (const tab of [...kept, newest]) {
      while (!tab.text.includes('id: 1\n')) await tick()
      expect(tab.ended).toBe(false)
    }
  })
})
