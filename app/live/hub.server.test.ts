import { afterEach, describe, expect, it } from 'vitest'
import {
  MEMBER_EVENTS,
  type UpstreamEnd,
  type UpstreamItem,
  type UpstreamOptions,
} from '~/backend/events.server'
import type { MemberEvent } from '~/backend/events.schemas'
import { SseReader, type SseMessage } from '~/lib/sse'
import {
  LiveHub,
  MAX_TABS,
  MAX_UNSENT_BYTES,
  REPLACED_RETRY_MS,
  SESSION_ENDED_EVENT,
  type ChannelSpec,
  type TabSession,
} from './hub.server'
import { CLAIM_EVERY_MS, type LiveRelay } from './relay.server'

/** A fake backend: each open upstream is recorded; the test pushes items and ends them. */
class FakeUpstream {
  opened: {
    token: string
    lastEventId: string | null
    options: UpstreamOptions
    end: (why: UpstreamEnd) => void
  }[] = []
  /** What the next opens answer without opening (e.g. 'unauthorized'). */
  refuse: UpstreamEnd[] = []
  log: { id: number; event: MemberEvent }[] = []

  read = (options: UpstreamOptions): Promise<UpstreamEnd> => {
    const refused = this.refuse.shift()
    if (refused) return Promise.resolve(refused)
    return new Promise((resolve) => {
      const entry = {
        token: options.token,
        lastEventId: options.lastEventId,
        options,
        end: (why: UpstreamEnd) => {
          this.opened = this.opened.filter((o) => o !== entry)
          resolve(why)
        },
      }
      options.signal.addEventListener('abort', () => entry.end('aborted'), { once: true })
      this.opened.push(entry)
      options.onOpen?.()
      const newest = Math.max(0, ...this.log.map((item) => item.id))
      const after = options.lastEventId === null ? Infinity : Number(options.lastEventId)
      for (const item of this.log) {
        if (item.id > after)
          options.onItem({ id: String(item.id), kind: 'event', name: 'member', data: item.event })
      }
      // As the contract says: after the replay, where the stream is.
      if (!options.signal.aborted) options.onItem({ id: String(newest), kind: 'position' })
    })
  }

  emit(id: number, balance: number) {
    const event: MemberEvent = { type: 'balance', at: '2026-11-27T10:00:00+07:00', balance }
    this.log.push({ id, event })
    for (const open of this.opened)
      open.options.onItem({ id: String(id), kind: 'event', name: 'member', data: event })
  }
}

class Tab {
  messages: SseMessage[] = []
  closed = false
  /** Everything written, `retry:` lines included. */
  text = ''
  reader = new SseReader((m) => this.messages.push(m))
  write = (text: string) => {
    this.text += text
    this.reader.feed(text)
  }
  close = () => {
    this.closed = true
  }
  balances() {
    return this.messages.filter((m) => m.event === 'member').map((m) => JSON.parse(m.data).balance)
  }
}

const MEMBER: ChannelSpec = {
  upstream: MEMBER_EVENTS,
  writeIds: true,
  maxTabs: MAX_TABS,
  pollsBalance: true,
}
/** A yeekee round's channel: every watcher's, no ids, uncapped. */
const ROUND: ChannelSpec = { upstream: MEMBER_EVENTS, writeIds: false, pollsBalance: false }

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

function session(sid: string, token = `token-${sid}`, more: Partial<TabSession> = {}): TabSession {
  return {
    sid,
    accessToken: token,
    accessExpiresAt: Date.now() + 600_000,
    endsAt: Date.now() + 3_600_000,
    stillOpen: async () => true,
    ...more,
  }
}

let hub: LiveHub | undefined
afterEach(() => hub?.closeAll())

describe('LiveHub', () => {
  it('opens one upstream per member, however many tabs, and sends every tab each event once', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    const tabs = Array.from({ length: 5 }, () => new Tab())
    for (const tab of tabs) hub.join('1001', MEMBER, session('s1'), tab, null)
    const other = new Tab()
    hub.join('1002', MEMBER, session('s2'), other, null)
    await tick()
    expect(upstream.opened.map((o) => o.token).sort()).toEqual(['token-s1', 'token-s2'])
    expect(hub.stats()).toEqual({ members: 2, tabs: 6, upstreams: 2, replaced: 0, stalled: 0 })
    upstream.opened
      .find((o) => o.token === 'token-s1')!
      .options.onItem({
        id: '7',
        kind: 'event',
        name: 'member',
        data: { type: 'balance', at: '2026-11-27T10:00:00+07:00', balance: 5 },
      })
    for (const tab of tabs) expect(tab.balances()).toEqual([5])
    expect(other.balances()).toEqual([])
  })

  it('opens the upstream again from the last id when it ends: nothing lost, nothing doubled', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    const tab = new Tab()
    hub.join('1001', MEMBER, session('s1'), tab, null)
    await tick()
    upstream.emit(1, 10)
    upstream.opened[0]!.end('closed')
    upstream.log.push({
      id: 2,
      event: { type: 'balance', at: '2026-11-27T10:00:00+07:00', balance: 20 },
    })
    await tick()
    expect(upstream.opened[0]!.lastEventId).toBe('1')
    upstream.emit(3, 30)
    expect(tab.balances()).toEqual([10, 20, 30])
    expect(tab.messages.map((m) => m.id)).toEqual(['1', '2', '3'])
  })

  it('gives a reconnecting tab what it missed, from its recent items or from the backend', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    const first = new Tab()
    const leave = hub.join('1001', MEMBER, session('s1'), first, '0')
    await tick()
    upstream.emit(1, 10)
    leave()
    upstream.emit(2, 20)
    upstream.emit(3, 30)
    // Same instance, the channel saw everything since id 0: replayed from memory.
    const again = new Tab()
    hub.join('1001', MEMBER, session('s1'), again, '1')
    expect(again.balances()).toEqual([20, 30])
    expect(upstream.opened).toHaveLength(1)

    // A tab whose id is older than anything the channel proves: the backend replays, no tab gets a double.
    const fresh = new LiveHub({ readUpstream: upstream.read })
    const late = new Tab()
    const early = new Tab()
    fresh.join('1001', MEMBER, session('s1'), late, null)
    await tick()
    fresh.join('1001', MEMBER, session('s1'), early, '1')
    await tick()
    expect(early.balances()).toEqual([20, 30])
    expect(late.balances()).toEqual([])
    upstream.emit(4, 40)
    expect(early.balances()).toEqual([20, 30, 40])
    expect(late.balances()).toEqual([40])
    fresh.closeAll()
  })

  it('uses another tab token when one is refused, and sends the tabs back for new ones when none is left', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    upstream.refuse = ['unauthorized']
    const a = new Tab()
    const b = new Tab()
    hub.join(
      '1001',
      MEMBER,
      session('a', 'old', { accessExpiresAt: Date.now() + 1_000_000 }),
      a,
      null,
    )
    hub.join(
      '1001',
      MEMBER,
      session('b', 'new', { accessExpiresAt: Date.now() + 2_000_000 }),
      b,
      null,
    )
    await tick()
    await tick()
    expect(upstream.opened.map((o) => o.token)).toEqual(['new'])
    upstream.refuse = ['unauthorized']
    upstream.opened[0]!.end('unauthorized')
    await tick()
    await tick()
    // 'old' was refused too: no token left, both tabs are closed to come back (not session-ended).
    expect(a.closed && b.closed).toBe(true)
    expect(a.messages.some((m) => m.event === SESSION_ENDED_EVENT)).toBe(false)
  })

  it('ends the tabs of a logged-out session with session-ended, and leaves the others', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    const out = new Tab()
    const stays = new Tab()
    hub.join('1001', MEMBER, session('phone'), out, null)
    hub.join('1001', MEMBER, session('laptop'), stays, null)
    hub.sessionEnded('phone')
    expect(out.closed).toBe(true)
    expect(out.messages.map((m) => m.event)).toEqual([SESSION_ENDED_EVENT])
    expect(stays.closed).toBe(false)
  })

  it('finds a session ended elsewhere at the heartbeat, and closes a tab when its access token runs out', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read, heartbeatMs: 20 })
    let open = true
    const tab = new Tab()
    hub.join('1001', MEMBER, session('s', 't', { stillOpen: async () => open }), tab, null)
    const expiring = new Tab()
    hub.join(
      '1001',
      MEMBER,
      session('e', 'u', { accessExpiresAt: Date.now() + 550 }),
      expiring,
      null,
    )
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(expiring.closed).toBe(true)
    expect(expiring.messages.some((m) => m.event === SESSION_ENDED_EVENT)).toBe(false)
    open = false
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(tab.closed).toBe(true)
    expect(tab.messages.some((m) => m.event === SESSION_ENDED_EVENT)).toBe(true)
  })

  it("checks a member's sessions at once when told they may have ended (no wait for the heartbeat), and only that member's", async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read, heartbeatMs: 60_000 })
    const ended = new Set(['gone', 'other-gone'])
    const asked: string[] = []
    const stillOpen = (sid: string) => async () => {
      asked.push(sid)
      return !ended.has(sid)
    }
    const out = new Tab()
    const stays = new Tab()
    const otherMember = new Tab()
    hub.join('1001', MEMBER, session('gone', 't1', { stillOpen: stillOpen('gone') }), out, null)
    hub.join('1001', MEMBER, session('kept', 't2', { stillOpen: stillOpen('kept') }), stays, null)
    hub.join(
      '1002',
      MEMBER,
      session('other-gone', 't3', { stillOpen: stillOpen('other-gone') }),
      otherMember,
      null,
    )
    await hub.sessionsMayHaveEnded('1001')
    expect(out.closed).toBe(true)
    expect(out.messages.map((m) => m.event)).toEqual([SESSION_ENDED_EVENT])
    expect(stays.closed).toBe(false)
    expect(stays.messages.filter((m) => m.event === SESSION_ENDED_EVENT)).toEqual([])
    // Another member's sessions wait for the heartbeat: one "log out everywhere" asks no more.
    expect(asked.sort()).toEqual(['gone', 'kept'])
    expect(otherMember.closed).toBe(false)
    // A member with no tab here: nothing to ask.
    await hub.sessionsMayHaveEnded('1003')
    expect(asked).toHaveLength(2)
  })

  it('polls the balance once per member when the backend has no events call', async () => {
    const upstream = new FakeUpstream()
    upstream.refuse = ['unsupported']
    let balance = 100
    let polls = 0
    hub = new LiveHub({
      readUpstream: upstream.read,
      pollMs: 10,
      pollBalance: async () => {
        polls += 1
        return balance
      },
    })
    const tabs = [new Tab(), new Tab(), new Tab()]
    for (const tab of tabs) hub.join('1001', MEMBER, session('s'), tab, null)
    await new Promise((resolve) => setTimeout(resolve, 50))
    balance = 150
    await new Promise((resolve) => setTimeout(resolve, 50))
    for (const tab of tabs) expect(tab.balances()).toEqual([150])
    // One poll per interval for the member, not one per tab.
    expect(polls).toBeLessThan(15)
    expect(polls).toBeGreaterThan(3)
  })

  it("closes a member's oldest stream past MAX_TABS, told to come back later; another member behind the same address streams", async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    // One session opens MAX_TABS + 1 streams (a carrier's NAT: every member here shares one address).
    const tabs = Array.from({ length: MAX_TABS + 1 }, () => new Tab())
    for (const tab of tabs) hub.join('1001', MEMBER, session('s'), tab, null)
    const neighbour = new Tab()
    hub.join('1002', MEMBER, session('n'), neighbour, null)
    await tick()
    const [oldest, ...kept] = tabs
    expect(oldest!.closed).toBe(true)
    // Its EventSource comes back after REPLACED_RETRY_MS, not at once (and catches up with its id).
    expect(oldest!.text.endsWith(`retry: ${REPLACED_RETRY_MS}\n\n`)).toBe(true)
    expect(kept.every((tab) => !tab.closed)).toBe(true)
    expect(hub.stats()).toMatchObject({ members: 2, tabs: MAX_TABS + 1, replaced: 1 })
    upstream.emit(1, 10)
    expect(kept.map((tab) => tab.balances())).toEqual(kept.map(() => [10]))
    expect(oldest!.balances()).toEqual([])
    expect(neighbour.balances()).toEqual([10])
    // A thousand more from the same session: never more than MAX_TABS of them open.
    for (let i = 0; i < 1000; i++) hub.join('1001', MEMBER, session('s'), new Tab(), null)
    expect(hub.stats().tabs).toBe(MAX_TABS + 1)
    expect(neighbour.closed).toBe(false)
  })

  it('keeps every watcher of a channel without maxTabs (a yeekee round is every member’s)', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    const watchers = Array.from({ length: MAX_TABS * 3 }, () => new Tab())
    for (const tab of watchers) hub.join('yeekee:r1', ROUND, session('s'), tab, null)
    expect(watchers.every((tab) => !tab.closed)).toBe(true)
    expect(hub.stats()).toMatchObject({ tabs: MAX_TABS * 3, replaced: 0 })
  })

  it('drops a stream whose reader stopped reading once its unsent text passes the bound, and forgets it', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    /** A reader that takes nothing: everything written stays unsent. */
    class StalledTab extends Tab {
      unsentBytes = 0
      dropped = false
      override write = (text: string) => {
        this.unsentBytes += Buffer.byteLength(text)
        this.text += text
      }
      unsent = () => this.unsentBytes
      /** Its channels' leave functions, as its response's owner holds them (stream.server.ts's tabBody). */
      leaves: (() => void)[] = []
      drop = () => {
        this.dropped = true
        this.closed = true
        for (const leave of this.leaves.splice(0)) leave()
      }
    }
    const stalled = new StalledTab()
    const reading = new Tab()
    stalled.leaves.push(hub.join('1001', MEMBER, session('s'), stalled, null))
    hub.join('1001', MEMBER, session('s'), reading, null)
    // The same response also watches a yeekee round: it leaves that channel too.
    stalled.leaves.push(hub.join('yeekee:r1', ROUND, session('s'), stalled, null))
    await tick()
    let id = 0
    while (!stalled.dropped && id < 10_000) upstream.emit(++id, id)
    expect(stalled.dropped).toBe(true)
    expect(stalled.unsentBytes).toBeGreaterThan(MAX_UNSENT_BYTES)
    expect(stalled.unsentBytes).toBeLessThan(MAX_UNSENT_BYTES + 1024)
    expect(hub.stats()).toMatchObject({ tabs: 1, stalled: 1 })
    const written = stalled.text.length
    upstream.emit(++id, id)
    expect(stalled.text.length).toBe(written)
    expect(reading.balances()).toHaveLength(id)
    expect(reading.closed).toBe(false)
  })

  it('closes every stream at shutdown, without session-ended (browsers reconnect elsewhere)', async () => {
    const upstream = new FakeUpstream()
    hub = new LiveHub({ readUpstream: upstream.read })
    const tab = new Tab()
    hub.join('1001', MEMBER, session('s'), tab, null)
    await tick()
    hub.closeAll()
    await tick()
    expect(tab.closed).toBe(true)
    expect(tab.messages).toEqual([])
    expect(upstream.opened).toHaveLength(0)
  })
})

/** Redis as the instances see it: leases, channels, and whether it is up. */
class MemoryRelayNetwork {
  up = true
  leases = new Map<string, string>()
  subscribers = new Map<string, Set<{ from: string; onItem: (item: UpstreamItem) => void }>>()
  listeners = new Set<() => void>()

  setUp(up: boolean) {
    this.up = up
    if (!up) this.leases.clear()
    for (const listener of this.listeners) listener()
  }

  relay(instance: string): LiveRelay {
    return {
      available: () => this.up,
      started: () => Promise.resolve(),
      claim: async (key) => {
        if (!this.up) return true
        const holder = this.leases.get(key)
        if (holder && holder !== instance) return false
        this.leases.set(key, instance)
        return true
      },
      release: async (key) => {
        if (this.leases.get(key) === instance) this.leases.delete(key)
      },
      publish: (key, item) => {
        if (!this.up) return
        for (const sub of this.subscribers.get(key) ?? [])
          if (sub.from !== instance) sub.onItem(item)
      },
      subscribe: (key, onItem) => {
        const entry = { from: instance, onItem }
        const set = this.subscribers.get(key) ?? new Set()
        set.add(entry)
        this.subscribers.set(key, set)
        return { ready: Promise.resolve(), stop: () => set.delete(entry) }
      },
      onChange: (listener) => {
        this.listeners.add(listener)
        return () => this.listeners.delete(listener)
      },
    }
  }
}

describe('LiveHub across instances', () => {
  it('one upstream per member for the whole cluster; tabs on the other instance get its items', async () => {
    const upstream = new FakeUpstream()
    const network = new MemoryRelayNetwork()
    const one = new LiveHub({ readUpstream: upstream.read, relay: network.relay('one') })
    const two = new LiveHub({ readUpstream: upstream.read, relay: network.relay('two') })
    const a = new Tab()
    const b = new Tab()
    one.join('1001', MEMBER, session('s'), a, null)
    await tick()
    two.join('1001', MEMBER, session('s'), b, null)
    await tick()
    expect(upstream.opened).toHaveLength(1)
    upstream.emit(1, 10)
    expect(a.balances()).toEqual([10])
    expect(b.balances()).toEqual([10])
    expect(b.messages.map((m) => m.id)).toEqual(['1'])

    // Redis away: each instance streams for itself; nothing is lost or doubled.
    network.setUp(false)
    await tick()
    await tick()
    expect(upstream.opened).toHaveLength(2)
    upstream.emit(2, 20)
    // Back: one lease holder again; the other relays.
    network.setUp(true)
    await tick()
    await tick()
    await tick()
    expect(upstream.opened).toHaveLength(1)
    upstream.emit(3, 30)
    expect(a.balances()).toEqual([10, 20, 30])
    expect(b.balances()).toEqual([10, 20, 30])
    one.closeAll()
    two.closeAll()
  })

  it('another instance takes the lease when the holder is gone, and resumes from the last relayed id', async () => {
    const upstream = new FakeUpstream()
    const network = new MemoryRelayNetwork()
    const one = new LiveHub({ readUpstream: upstream.read, relay: network.relay('one') })
    const two = new LiveHub({ readUpstream: upstream.read, relay: network.relay('two') })
    const b = new Tab()
    one.join('1001', MEMBER, session('s'), new Tab(), null)
    await tick()
    two.join('1001', MEMBER, session('s'), b, null)
    upstream.emit(1, 10)
    // Instance one stops (its lease is released at shutdown); an event comes meanwhile.
    one.closeAll()
    upstream.log.push({
      id: 2,
      event: { type: 'balance', at: '2026-11-27T10:00:00+07:00', balance: 20 },
    })
    await new Promise((resolve) => setTimeout(resolve, CLAIM_EVERY_MS + 200))
    expect(upstream.opened.map((o) => o.lastEventId)).toEqual(['1'])
    expect(b.balances()).toEqual([10, 20])
    two.closeAll()
  })
})
