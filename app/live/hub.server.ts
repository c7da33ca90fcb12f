/**
 * The live hub of one instance (docs/decisions/0129): the member's open tabs
 * on this instance share one upstream stream of the member's events
 * (backend/events.server.ts), however many tabs there are.
 *
 *   tab ──/events──▶ hub: channel per member ──one upstream──▶ backend GET /member/events
 *
 * - Every item goes to each tab once, in the backend's order: a tab only
 *   gets ids above the last one it was sent (its `Last-Event-ID` on a
 *   reconnect), so opening the upstream again from an older id never doubles.
 * - A reconnecting tab gets what it missed from the channel's recent items
 *   when the channel has seen everything since its id; otherwise it reads
 *   what it missed from the backend for itself (up to the stream's position
 *   line) while the channel's items wait for it.
 * - The upstream uses the freshest access token of the member's tabs. A tab
 *   ends itself when its token runs out (the browser comes back at once, and
 *   the guard renews the token on that request), so the upstream always has
 *   a fresh one; a refused token makes every tab come back for a new one.
 * - A tab whose session ended (a logout, a password change or "log out
 *   everywhere" here at once; on another instance within a heartbeat) gets
 *   `session-ended` and is closed.
 * - A backend without the events call: the channel asks the member's
 *   profile every POLL_MS instead (one poll per member, never one per tab)
 *   and sends the balance when it moved.
 * - Heartbeats every HEARTBEAT_MS keep proxies from closing a quiet stream.
 * - Bounded whatever browsers do (docs/decisions/0132): a member has at most
 *   MAX_TABS streams on this instance (the next one closes the oldest, told to
 *   come back in REPLACED_RETRY_MS), and a stream whose unsent text passes
 *   MAX_UNSENT_BYTES (a reader that stopped reading) is dropped; both come
 *   back later and catch up with their `Last-Event-ID`.
 */
import type { readEventStream, UpstreamItem, UpstreamSpec } from '~/backend/events.server'
import { MEMBER_EVENT, RESET_EVENT, type MemberEvent } from '~/backend/events.schemas'
import { SSE_HEARTBEAT, writeSse } from '~/lib/sse'
import { isExpired } from '~/session/tokens'
import { CLAIM_EVERY_MS, type LiveRelay } from '~/live/relay.server'

export const SESSION_ENDED_EVENT = 'session-ended'
/** How long the browser waits before it reconnects (sent once per stream). */
export const RECONNECT_MS = 500
export const HEARTBEAT_MS = 20_000
/** A channel keeps this many recent items for tabs that reconnect. */
export const RECENT_ITEMS = 100
/** A channel without tabs keeps its upstream this long (a reload, a token renewal). */
export const IDLE_CHANNEL_MS = 30_000
export const POLL_MS = 5000
const MAX_BACKOFF_MS = 10_000
/**
 * A member's streams on one instance: a handful of tabs, not hundreds. The
 * member's newest tab (the one they look at) is always streamed; the oldest
 * makes way (decision 0132).
 */
export const MAX_TABS = 8
/** How long a tab that made way waits before it comes back (its EventSource's `retry:`). */
export const REPLACED_RETRY_MS = 60_000
/**
 * A stream whose text not yet taken by its reader (the response's buffers)
 * passes this is dropped: its reader stopped reading (decision 0132). A live
 * reader never nears it: an event is a few hundred bytes and the kernel's
 * socket buffers come first.
 */
export const MAX_UNSENT_BYTES = 64 * 1024
/** A tab's catch-up from the backend gives up after this (the tab then goes on live). */
const CATCH_UP_MS = 10_000

/** What a channel streams: its upstream, and how its items reach the tabs. */
export interface ChannelSpec {
  upstream: UpstreamSpec
  /**
   * Items carry the upstream's ids to the tab (its `Last-Event-ID` on a
   * reconnect). One channel per tab may: the member's. A yeekee round's
   * items go without, and its page reloads the round when its stream opens.
   */
  writeIds: boolean
  /**
   * At most this many tabs; the next one closes the oldest (decision 0132).
   * The member's channel has MAX_TABS; none: uncapped (a yeekee round's
   * channel has every watcher's).
   */
  maxTabs?: number
  /** Without the events call, the member's balance is polled instead. */
  pollsBalance: boolean
  /** What a tab gets of an event's data (the member's: with its Thai toast); as is without. */
  present?: (name: string, data: unknown) => unknown
}

/** What a tab's stream needs of its session. */
export interface TabSession {
  /** The session's id: a logout ends its tabs. */
  sid: string
  accessToken: string
  accessExpiresAt: number | null
  /** When the session itself runs out (its refresh token), or null. */
  endsAt: number | null
  /** Still a live session (not logged out here or on another instance). */
  stillOpen(): Promise<boolean>
}

/**
 * The tab's side: text to its response, and its end. One response may be a
 * tab in several channels (the member's and a yeekee round's): its owner
 * holds their leave functions (stream.server.ts's tabBody), and ending the
 * response leaves them all. The hub leaves the tab it ends itself first, so
 * it never depends on when the owner's leaves run.
 */
export interface TabSink {
  write(text: string): void
  /** Ends the response once what was written is sent (its tabs in other channels leave). */
  close(): void
  /**
   * Bytes written and not yet taken by the reader; none: not measured. Asked
   * after every write: it must be cheap (a response's `writableLength` is).
   */
  unsent?(): number
  /** Ends the response now, what is unsent dropped (a reader that stopped reading). */
  drop?(): void
}

export interface HubOptions {
  readUpstream: typeof readEventStream
  /** Shares one upstream per member between instances (Redis); none: this instance alone. */
  relay?: LiveRelay
  /** The member's balance now, for the poll when the backend has no events call. */
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
  /** The highest id this tab was sent (or told it had). */
  lastSent: number
  /** While it catches up from the backend: the channel's items, held to follow in order. */
  held: { id: number | null; text: string }[] | null
  expiry: NodeJS.Timeout | undefined
  closed: boolean
}

interface Channel {
  key: string
  tabs: Set<Tab>
  /** The newest id seen upstream. */
  lastId: number | null
  /** Everything after this id reached the channel (null: nothing proven). */
  since: number | null
  recent: { id: number; text: string }[]
  /** Resolves once the channel knows where the member's events are (a catch-up may start). */
  ready: Promise<void>
  markReady: () => void
  abort: AbortController
  running: boolean
  idle: NodeJS.Timeout | undefined
  spec: ChannelSpec
  /** Wakes the upstream loop (a token arrived, the channel closes). */
  wake: () => void
  /** Tokens the channel may use, by session id. */
  tokens: Map<string, { token: string; expiresAt: number | null }>
  /** The backend has no events call: the balance is polled. */
  polling: boolean
  polledBalance: number | null
  /** This instance streams the member's upstream now (its own, or as the lease holder). */
  upstreamOpen: boolean
  /** Whether relaying worked when the upstream was opened. */
  openedRelaying: boolean
  /** Stops listening to other instances' items. */
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

  /** Relaying between instances works now. */
  #relaying(): boolean {
    return this.#options.relay?.available() ?? false
  }

  /** Members with a channel on this instance, open tabs, and upstream streams open now. */
  stats() {
    let tabs = 0
    let upstreams = 0
    for (const channel of this.#channels.values()) {
      tabs += channel.tabs.size
      if (channel.upstreamOpen) upstreams += 1
    }
    return { members: this.#channels.size, tabs, upstreams, ...this.#dropped }
  }

  /** Streams closed since start: oldest tabs past MAX_TABS, readers past MAX_UNSENT_BYTES. */
  readonly #dropped = { replaced: 0, stalled: 0 }

  /**
   * A tab of the member `key` opens its stream; `lastEventId` is the
   * browser's (a reconnect). Returns the tab's leave function.
   */
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

  /** Ends the tabs of a session that ended (a logout on this instance). */
  sessionEnded(sid: string): void {
    for (const channel of this.#channels.values()) {
      channel.tokens.delete(sid)
      for (const tab of channel.tabs) if (tab.session.sid === sid) this.#end(tab, true)
    }
  }

  /** Closes every stream (a graceful shutdown): browsers reconnect, to another instance. */
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
   * What a reconnecting tab missed: from the channel's recent items when it
   * has seen everything since the tab's id; otherwise read from the backend
   * for this tab alone, up to where the backend says it is, while the
   * channel's own items wait for it (so they follow in order).
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

  /** To the tab now, or held while it catches up. */
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

  /**
   * Text to a tab's response; a reader that stopped reading is dropped once
   * it passes the bound (checked at every write: `unsent()` is O(1), and a
   * burst between heartbeats is what piles up). The response's tabs in other
   * channels leave with it (TabSink).
   */
  #put(tab: Tab, text: string) {
    const { sink } = tab
    sink.write(text)
    if ((sink.unsent?.() ?? 0) <= this.#options.maxUnsentBytes) return
    this.#dropped.stalled += 1
    this.#leave(tab)
    if (sink.drop) sink.drop()
    else sink.close()
  }

  /** The oldest tab makes way: out of its channel now, told to come back in REPLACED_RETRY_MS, closed. */
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

  /** The channel's best token: the one that runs longest and has not run out. */
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

  /** One upstream stream, with the lease renewed while it lasts (a lost lease stops it). */
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

  /** An item of this instance's upstream: to its tabs, and to the other instances' through the relay. */
  #deliver(channel: Channel, item: UpstreamItem) {
    this.#broadcast(channel, item)
    if (this.#relaying()) this.#options.relay?.publish(channel.key, item)
  }

  /** One poll of the balance (a backend without the events call), then a wait. */
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

  /** Waits for a wake (a token, a close) or `ms`. */
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

  /** Closes a tab's stream; `sessionEnded` tells the page first, so it follows (no reconnect). */
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

  /**
   * Every tab's stream gets one heartbeat (a tab watching a yeekee round is in
   * two channels, with one response); a session ended elsewhere ends its tabs.
   */
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

  /**
   * The sessions of channel `key` may have ended (its member's password
   * change or "log out everywhere" on this instance): their tabs are told
   * now, not at the next heartbeat. Only that channel's sessions are asked.
   */
  sessionsMayHaveEnded(key: string): Promise<void> {
    const channel = this.#channels.get(key)
    return channel ? this.#endClosedSessions([channel]) : Promise.resolve()
  }

  /** Ends the tabs of every session of `channels` that is no longer open (one check per session). */
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
