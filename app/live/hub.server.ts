// The live hub of one instance (docs/decisions/0129): a member's tabs share one upstream of the
// member's events. A tab only gets ids above the last it was sent, so reopening the upstream from
// an older id never doubles. Tabs end when their token runs out and come back with a renewed one,
// so the upstream always has a fresh token. Bounded whatever browsers do (docs/decisions/0132).
import type { readEventStream, UpstreamItem, UpstreamSpec } from '~/backend/events.server'
import { MEMBER_EVENT, RESET_EVENT, type MemberEvent } from '~/backend/events.schemas'
import { SSE_HEARTBEAT, writeSse } from '~/lib/sse'
import { isExpired } from '~/session/tokens'
import { CLAIM_EVERY_MS, type LiveRelay } from '~/live/relay.server'

export const SESSION_ENDED_EVENT = 'session-ended'
export const RECONNECT_MS = 500
export const HEARTBEAT_MS = 20_000
/** A channel keeps this many recent items for tabs that reconnect. */
export const RECENT_ITEMS = 100
/** A reload or a token renewal does not reopen the upstream. */
export const IDLE_CHANNEL_MS = 30_000
export const POLL_MS = 5000
const MAX_BACKOFF_MS = 10_000
/** The member's newest tab is always streamed; the oldest makes way (decision 0132). */
export const MAX_TABS = 8
export const REPLACED_RETRY_MS = 60_000
/**
 * Its reader stopped reading (decision 0132); a live reader never nears it (events are a few hundred
 * bytes and the kernel's socket buffers come first).
 */
export const MAX_UNSENT_BYTES = 64 * 1024
const CATCH_UP_MS = 10_000

export interface ChannelSpec {
  upstream: UpstreamSpec
  /** A yeekee round's items go without ids: its page reloads the round when its stream opens. */
  writeIds: boolean
  /** None: uncapped (a yeekee round's channel has every watcher's). */
  maxTabs?: number
  pollsBalance: boolean
  present?: (name: string, data: unknown) => unknown
}

export interface TabSession {
  sid: string
  accessToken: string
  accessExpiresAt: number | null
  endsAt: number | null
  stillOpen(): Promise<boolean>
}

/**
 * One response may be a tab in several channels; its owner (stream.server.ts's tabBody) holds the
 * leave functions. The hub leaves a tab it ends itself first, never depending on when those run.
 */
export interface TabSink {
  write(text: string): void
  close(): void
  /** Asked after every write: it must be cheap (a response's `writableLength` is). */
  unsent?(): number
  drop?(): void
}

export interface HubOptions {
  readUpstream: typeof readEventStream
  relay?: LiveRelay
  pollBalance?: (token: string) => Promise<number>
  heartbeatMs?: number
  pollMs?: number
  maxUnsentBytes?: number
  idleChannelMs?: number
  now?: () => number
}

interface Tab {
  sink: TabSink
  session: TabSession
  channel: Channel
  lastSent: number
  /** While it catches up from the backend: the channel's items, held to follow in order. */
  held: { id: number | null; text: string }[] | null
  expiry: NodeJS.Timeout | undefined
  closed: boolean
}

interface Channel {
  key: string
  tabs: Set<Tab>
  lastId: number | null
  /** null: nothing proven. */
  since: number | null
  recent: { id: number; text: string }[]
  ready: Promise<void>
  markReady: () => void
  abort: AbortController
  running: boolean
  idle: NodeJS.Timeout | undefined
  spec: ChannelSpec
  wake: () => void
  tokens: Map<string, { token: string; expiresAt: number | null }>
  polling: boolean
  polledBalance: number | null
  upstreamOpen: boolean
  openedRelaying: boolean
  unsubscribe: () => void
}

const numericId = (id: string | null): number | null =>
  id !== null && /^\d{1,15}$/.test(id) ? Number(id) : null

export class LiveHub {
  readonly #channels = new Map<string, Channel>()
  readonly #options: Required<Omit<HubOptions, 'pollBalance' | 'relay'>> &
    Pick<HubOptions, 'pollBalance' | 'relay'>
  #heartbeat: NodeJS.Timeout | undefined

  constructor(options: HubOptions) {
    this.#options = {
      heartbeatMs: HEARTBEAT_MS,
      pollMs: POLL_MS,
      idleChannelMs: IDLE_CHANNEL_MS,
      maxUnsentBytes: MAX_UNSENT_BYTES,
      now: Date.now,
      ...options,
    }
    // Redis away or back: a channel relaying opens its own upstream, one streaming alone claims the lease.
    options.relay?.onChange(() => {
      const relaying = this.#relaying()
      for (const channel of this.#channels.values()) {
        if (channel.upstreamOpen && channel.openedRelaying !== relaying) channel.abort.abort()
        channel.wake()
      }
    })
  }

  #relaying(): boolean {
    return this.#options.relay?.available() ?? false
  }

  stats() {
    let tabs = 0
    let upstreams = 0
    for (const channel of this.#channels.values()) {
      tabs += channel.tabs.size
      if (channel.upstreamOpen) upstreams += 1
    }
    return { members: this.#channels.size, tabs, upstreams, ...this.#dropped }
  }

  readonly #dropped = { replaced: 0, stalled: 0 }

  join(
    key: string,
    spec: ChannelSpec,
    session: TabSession,
    sink: TabSink,
    lastEventId: string | null,
  ): () => void {
    const channel = this.#channel(key, spec)
    clearTimeout(channel.idle)
    // The oldest makes way: #replace takes it out of channel.tabs at once, so the loop ends at the cap.
    const { maxTabs } = channel.spec
    if (maxTabs !== undefined) {
      for (const oldest of channel.tabs) {
        if (channel.tabs.size < maxTabs) break
        this.#replace(oldest)
      }
    }
    const last = numericId(lastEventId)
    const tab: Tab = {
      sink,
      session,
      channel,
      lastSent: last ?? channel.lastId ?? -1,
      held: null,
      expiry: undefined,
      closed: false,
    }
    channel.tabs.add(tab)
    channel.tokens.set(session.sid, {
      token: session.accessToken,
      expiresAt: session.accessExpiresAt,
    })
    if (spec.writeIds) this.#put(tab, `retry: ${RECONNECT_MS}\n\n`)
    if (last !== null && spec.writeIds) this.#catchUp(channel, tab, last)
    this.#armExpiry(tab)
    this.#startHeartbeat()
    channel.wake()
    if (!channel.running) void this.#run(channel)
    return () => this.#leave(tab)
  }

  sessionEnded(sid: string): void {
    for (const channel of this.#channels.values()) {
      channel.tokens.delete(sid)
      for (const tab of channel.tabs) if (tab.session.sid === sid) this.#end(tab, true)
    }
  }

  closeAll(): void {
    for (const channel of [...this.#channels.values()]) {
      for (const tab of [...channel.tabs]) this.#end(tab, false)
      this.#close(channel)
    }
    clearInterval(this.#heartbeat)
    this.#heartbeat = undefined
  }

  #channel(key: string, spec: ChannelSpec): Channel {
    const channel = this.#channels.get(key)
    if (channel) return channel
    let markReady = () => undefined as void
    const ready = new Promise<void>((resolve) => (markReady = resolve))
    const created: Channel = {
      spec,
      ready,
      markReady,
      key,
      tabs: new Set(),
      lastId: null,
      since: null,
      recent: [],
      abort: new AbortController(),
      running: false,
      idle: undefined,
      wake: () => undefined,
      tokens: new Map(),
      polling: false,
      polledBalance: null,
      upstreamOpen: false,
      openedRelaying: false,
      unsubscribe: () => undefined,
    }
    this.#channels.set(key, created)
    const relay = this.#options.relay
    if (relay) {
      const subscription = relay.subscribe(key, (item) => this.#broadcast(created, item))
      created.unsubscribe = subscription.stop
      // Subscribed: whatever the lease holder publishes from now on reaches this channel.
      void subscription.ready.then(markReady, () => undefined)
    }
    return created
  }

  /**
   * From the channel's recent items when they cover the gap; otherwise from the backend for this tab
   * alone, while the channel's items wait so they follow in order.
   */
  #catchUp(channel: Channel, tab: Tab, last: number) {
    if (channel.since !== null && last >= channel.since) {
      for (const item of channel.recent) if (item.id > last) this.#send(tab, item.id, item.text)
      return
    }
    if (channel.polling) return
    tab.held = []
    void this.#readFor(channel, tab, last).finally(() => {
      const held = tab.held ?? []
      tab.held = null
      for (const item of held) this.#send(tab, item.id, item.text)
    })
  }

  async #readFor(channel: Channel, tab: Tab, last: number) {
    // Where the channel stands first (its position, or Redis's subscription), at most CATCH_UP_MS.
    let waiting: NodeJS.Timeout | undefined
    await Promise.race([
      channel.ready,
      new Promise((resolve) => (waiting = setTimeout(resolve, CATCH_UP_MS))),
    ])
    clearTimeout(waiting)
    if (tab.closed) return
    const done = new AbortController()
    const limit = setTimeout(() => done.abort(), CATCH_UP_MS)
    try {
      await this.#options.readUpstream({
        spec: channel.spec.upstream,
        token: tab.session.accessToken,
        lastEventId: String(last),
        signal: done.signal,
        quietLimitMs: CATCH_UP_MS,
        onItem: (item) => {
          const id = numericId(item.id)
          if (item.kind === 'position') return done.abort()
          if (item.kind === 'reset')
            return this.#write(tab, null, writeSse(RESET_EVENT, {}, item.id))
          this.#write(tab, id, this.#text(channel, item.name, item.data, id))
        },
      })
    } finally {
      clearTimeout(limit)
    }
  }

  #send(tab: Tab, id: number | null, text: string) {
    if (tab.held) tab.held.push({ id, text })
    else this.#write(tab, id, text)
  }

  #write(tab: Tab, id: number | null, text: string) {
    if (tab.closed) return
    if (id !== null) {
      if (id <= tab.lastSent) return
      tab.lastSent = id
    }
    this.#put(tab, text)
  }

  /** Checked at every write: `unsent()` is O(1), and a burst between heartbeats is what piles up. */
  #put(tab: Tab, text: string) {
    const { sink } = tab
    sink.write(text)
    if ((sink.unsent?.() ?? 0) <= this.#options.maxUnsentBytes) return
    this.#dropped.stalled += 1
    this.#leave(tab)
    if (sink.drop) sink.drop()
    else sink.close()
  }

  #replace(tab: Tab) {
    this.#dropped.replaced += 1
    this.#leave(tab)
    tab.sink.write(`retry: ${REPLACED_RETRY_MS}\n\n`)
    tab.sink.close()
  }

  #broadcast(channel: Channel, item: UpstreamItem) {
    const id = numericId(item.id)
    if (item.kind === 'position') {
      if (id === null) return
      if (channel.lastId === null || id > channel.lastId) channel.lastId = id
      channel.since ??= id
      channel.markReady()
      // Tabs that came before the channel knew where it was: nothing before this is news to them.
      for (const tab of channel.tabs) if (tab.lastSent < 0) tab.lastSent = id
      return
    }
    if (item.kind === 'reset') {
      // What was missed is gone upstream: every tab reloads its data.
      channel.since = null
      channel.recent = []
      for (const tab of channel.tabs) this.#send(tab, null, writeSse(RESET_EVENT, {}, item.id))
      return
    }
    if (id !== null && (channel.lastId === null || id > channel.lastId)) {
      channel.lastId = id
      channel.recent.push({ id, text: this.#text(channel, item.name, item.data, id) })
      if (channel.recent.length > RECENT_ITEMS) {
        const dropped = channel.recent.shift()
        if (dropped && channel.since !== null) channel.since = Math.max(channel.since, dropped.id)
      }
    }
    const text = this.#text(channel, item.name, item.data, id)
    for (const tab of channel.tabs) this.#send(tab, id, text)
  }

  #text(channel: Channel, name: string, data: unknown, id: number | null) {
    const shown = channel.spec.present ? channel.spec.present(name, data) : data
    return writeSse(name, shown, channel.spec.writeIds && id !== null ? id : undefined)
  }

  #token(channel: Channel): string | null {
    const now = this.#options.now()
    let best: { token: string; expiresAt: number | null } | null = null
    for (const [sid, entry] of channel.tokens) {
      if (isExpired(entry.expiresAt, now)) {
        channel.tokens.delete(sid)
        continue
      }
      if (!best || (best.expiresAt !== null && (entry.expiresAt ?? Infinity) > best.expiresAt)) {
        best = entry
      }
    }
    return best?.token ?? null
  }

  async #run(channel: Channel) {
    channel.running = true
    let failures = 0
    const relay = this.#options.relay
    // A relay just made is still connecting: a lease is asked for once it has.
    if (relay) await relay.started()
    try {
      while (this.#channels.get(channel.key) === channel) {
        // Another instance holds the member's lease: its items come through the relay.
        if (relay && this.#relaying() && !(await relay.claim(channel.key))) {
          await this.#until(channel, CLAIM_EVERY_MS)
          continue
        }
        const token = this.#token(channel)
        if (!token) {
          // No token to stream with: another instance with a tab of the member may take over.
          if (relay) await relay.release(channel.key)
          await this.#until(channel, relay ? CLAIM_EVERY_MS : undefined)
          continue
        }
        if (channel.polling) {
          await this.#poll(channel, token)
          continue
        }
        const end = await this.#stream(channel, token, () => {
          failures = 0
        })
        if (end.result === 'unauthorized') {
          for (const [sid, entry] of channel.tokens) {
            if (entry.token === token) channel.tokens.delete(sid)
          }
          // No other token: the tabs come back for a renewed one.
          if (channel.tokens.size === 0) for (const tab of [...channel.tabs]) this.#end(tab, false)
        } else if (end.result === 'unsupported') {
          channel.polling = true
          if (channel.spec.pollsBalance) {
            console.warn('[live] the backend has no events call: polling the balance instead')
          }
        } else if (end.result === 'failed') {
          failures += 1
          await this.#until(channel, Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures))
        } else if (end.result === 'closed' && !end.opened) {
          await this.#until(channel, 250)
        }
      }
    } finally {
      channel.running = false
      channel.upstreamOpen = false
      if (relay) await relay.release(channel.key)
    }
  }

  /** A lost lease stops it. */
  async #stream(channel: Channel, token: string, onOpen: () => void) {
    const relay = this.#options.relay
    const from = channel.lastId
    if (channel.abort.signal.aborted) channel.abort = new AbortController()
    const abort = channel.abort
    channel.openedRelaying = this.#relaying()
    const lease =
      relay && channel.openedRelaying
        ? setInterval(() => {
            void relay.claim(channel.key).then((mine) => {
              if (!mine) abort.abort()
            })
          }, CLAIM_EVERY_MS)
        : undefined
    let opened = false
    try {
      const result = await this.#options.readUpstream({
        spec: channel.spec.upstream,
        token,
        lastEventId: from === null ? null : String(from),
        signal: abort.signal,
        quietLimitMs: this.#options.heartbeatMs * 3,
        onOpen: () => {
          opened = true
          channel.upstreamOpen = true
          onOpen()
          // Continuous from `from` on (a first open without an id proves nothing of the past).
          if (from !== null) channel.since = Math.min(channel.since ?? from, from)
        },
        onItem: (item) => this.#deliver(channel, item),
      })
      return { result, opened }
    } finally {
      clearInterval(lease)
      channel.upstreamOpen = false
    }
  }

  #deliver(channel: Channel, item: UpstreamItem) {
    this.#broadcast(channel, item)
    if (this.#relaying()) this.#options.relay?.publish(channel.key, item)
  }

  async #poll(channel: Channel, token: string) {
    const poll = this.#options.pollBalance
    if (!poll || !channel.spec.pollsBalance) return this.#until(channel)
    try {
      const balance = await poll(token)
      if (channel.polledBalance !== null && balance !== channel.polledBalance) {
        const event: MemberEvent = { type: 'balance', at: new Date().toISOString(), balance }
        this.#deliver(channel, { id: '', kind: 'event', name: MEMBER_EVENT, data: event })
      }
      channel.polledBalance = balance
    } catch {
      // The next poll tries again.
    }
    await this.#until(channel, this.#options.pollMs)
  }

  #until(channel: Channel, ms?: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms)
      timer?.unref()
      function done() {
        clearTimeout(timer)
        channel.wake = () => undefined
        resolve()
      }
      channel.wake = done
    })
  }

  #armExpiry(tab: Tab) {
    const { accessExpiresAt, endsAt } = tab.session
    const now = this.#options.now()
    // The session runs out: it is over. The access token runs out: the tab comes back for a new one.
    const sessionOver = endsAt !== null && (accessExpiresAt === null || endsAt <= accessExpiresAt)
    const at = sessionOver ? endsAt : accessExpiresAt
    if (at === null) return
    const ms = Math.max(0, at - now - 500)
    tab.expiry = setTimeout(() => this.#end(tab, sessionOver), Math.min(ms, 2 ** 31 - 1))
    tab.expiry.unref()
  }

  /** `sessionEnded` tells the page first, so it follows (no reconnect). */
  #end(tab: Tab, sessionEnded: boolean) {
    if (tab.closed) return
    if (sessionEnded) tab.sink.write(writeSse(SESSION_ENDED_EVENT, {}))
    tab.closed = true
    tab.sink.close()
    this.#leave(tab)
  }

  #leave(tab: Tab) {
    tab.closed = true
    clearTimeout(tab.expiry)
    const { channel } = tab
    // Its token stays the channel's until it runs out: a reload comes back with it.
    if (!channel.tabs.delete(tab)) return
    if (channel.tabs.size > 0) return
    clearTimeout(channel.idle)
    channel.idle = setTimeout(() => {
      if (channel.tabs.size === 0) this.#close(channel)
    }, this.#options.idleChannelMs)
    channel.idle.unref()
  }

  #close(channel: Channel) {
    clearTimeout(channel.idle)
    channel.unsubscribe()
    if (this.#channels.get(channel.key) === channel) this.#channels.delete(channel.key)
    channel.abort.abort()
    channel.wake()
    if (this.#channels.size === 0) {
      clearInterval(this.#heartbeat)
      this.#heartbeat = undefined
    }
  }

  #startHeartbeat() {
    if (this.#heartbeat) return
    this.#heartbeat = setInterval(() => void this.#beat(), this.#options.heartbeatMs)
    this.#heartbeat.unref()
  }

  /** A tab watching a yeekee round is in two channels with one response: one heartbeat each. */
  async #beat() {
    const beaten = new Set<TabSink>()
    for (const channel of this.#channels.values()) {
      for (const tab of channel.tabs) {
        if (!beaten.has(tab.sink)) this.#put(tab, SSE_HEARTBEAT)
        beaten.add(tab.sink)
      }
    }
    await this.#endClosedSessions(this.#channels.values())
  }

  /** Told now, not at the next heartbeat. */
  sessionsMayHaveEnded(key: string): Promise<void> {
    const channel = this.#channels.get(key)
    return channel ? this.#endClosedSessions([channel]) : Promise.resolve()
  }

  async #endClosedSessions(channels: Iterable<Channel>) {
    const bySid = new Map<string, Tab[]>()
    for (const channel of channels) {
      for (const tab of channel.tabs) {
        const list = bySid.get(tab.session.sid) ?? []
        list.push(tab)
        bySid.set(tab.session.sid, list)
      }
    }
    await Promise.all(
      [...bySid.values()].map(async (tabs) => {
        const open = await tabs[0]!.session.stillOpen().catch(() => true)
        if (open) return
        for (const tab of tabs) {
          tab.channel.tokens.delete(tab.session.sid)
          this.#end(tab, true)
        }
      }),
    )
  }
}
