// One upstream per member across instances through a Redis lease (docs/decisions/0129); a lease
// not renewed is taken by another instance, which reopens from its last relayed id. While Redis is
// away each instance streams for itself. Lease calls cost per tick, not per member (decision 0132).
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { UpstreamItem } from '~/backend/events.server'
import { env } from '~/server/env.server'
import { onRedisRecovered, redis, redisKey, redisReady, shared } from '~/server/redis.server'

export interface LiveRelay {
  available(): boolean
  started(): Promise<void>
  claim(key: string): Promise<boolean>
  release(key: string): Promise<void>
  publish(key: string, item: UpstreamItem): void
  subscribe(
    key: string,
    onItem: (item: UpstreamItem) => void,
  ): { ready: Promise<void>; stop: () => void }
  onChange(listener: () => void): () => void
}

export const LEASE_MS = 6000
const START_WAIT_MS = 1500
export const CLAIM_EVERY_MS = 2000

/** A few ms of Redis's time at most. */
export const CLAIM_BATCH = 1000
const FORGET_AFTER_TICKS = 3

const CLAIM_SCRIPT = `
local taken = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder == false or holder == ARGV[1] then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    taken[i] = 1
  else
    taken[i] = 0
  end
end
return taken`
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

interface Wanted {
  mine: boolean | null
  answeredAt: number
  askedAt: number
  waiting: ((mine: boolean) => void)[]
}

export function redisRelay(
  url: string,
  { claimEveryMs = CLAIM_EVERY_MS, leaseMs = LEASE_MS } = {},
): LiveRelay & { stop(): void } {
  const instance = randomBytes(9).toString('base64url')
  const ownerKey = (key: string) => redisKey('live', 'owner', key)
  const channelOf = (key: string) => redisKey('live', 'member', key)
  const handlers = new Map<string, Set<(item: UpstreamItem) => void>>()
  const changeListeners = new Set<() => void>()
  const changed = () => {
    for (const listener of changeListeners) listener()
  }
  const subscriber = new Redis(url, {
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), 2000),
    maxRetriesPerRequest: null,
    lazyConnect: false,
  })
  // Errors are the shared client's to report (server/redis.server.ts); this one reconnects quietly.
  subscriber.on('error', () => undefined)
  const started = new Promise<void>((resolve) => {
    subscriber.once('ready', () => resolve())
    setTimeout(resolve, START_WAIT_MS).unref()
  })
  subscriber.on('ready', changed)
  subscriber.on('close', changed)
  onRedisRecovered(changed)
  subscriber.on('message', (channel: string, text: string) => {
    const key = channel.slice(channelOf('').length)
    const set = handlers.get(key)
    if (!set) return
    let message: { from: string; item: UpstreamItem }
    try {
      message = JSON.parse(text) as { from: string; item: UpstreamItem }
    } catch {
      return
    }
    if (message.from === instance) return
    for (const handler of set) handler(message.item)
  })

  const wanted = new Map<string, Wanted>()
  /**
   * A batch Redis does not answer keeps each lease's last answer: taking them all would open a second
   * upstream for every member this instance relays.
   */
  const claimAll = async (keys: string[]) => {
    for (let i = 0; i < keys.length; i += CLAIM_BATCH) {
      const batch = keys.slice(i, i + CLAIM_BATCH)
      const taken = await shared(
        async (r) =>
          (await r.eval(
            CLAIM_SCRIPT,
            batch.length,
            ...batch.map(ownerKey),
            instance,
            leaseMs,
          )) as number[],
        () => null,
      )
      const at = Date.now()
      batch.forEach((key, k) => {
        const entry = wanted.get(key)
        if (!entry) return
        const mine = taken ? taken[k] === 1 : (entry.mine ?? true)
        entry.mine = mine
        entry.answeredAt = at
        for (const resolve of entry.waiting.splice(0)) resolve(mine)
      })
    }
  }
  // Leases asked for since the last turn: one batch, sent once this turn's claims are in.
  let fresh = new Set<string>()
  const flushFresh = () => {
    const keys = [...fresh]
    fresh = new Set()
    void claimAll(keys)
  }
  const tick = setInterval(() => {
    const now = Date.now()
    const keys: string[] = []
    for (const [key, entry] of wanted) {
      if (now - entry.askedAt > FORGET_AFTER_TICKS * claimEveryMs && entry.waiting.length === 0) {
        wanted.delete(key)
      } else if (!fresh.has(key)) keys.push(key)
    }
    if (keys.length > 0) void claimAll(keys)
  }, claimEveryMs)
  tick.unref()

  return {
    available: () => redisReady() && subscriber.status === 'ready',
    started: () => started,
    claim(key) {
      if (!redisReady()) return Promise.resolve(true)
      const now = Date.now()
      let entry = wanted.get(key)
      if (!entry) {
        entry = { mine: null, answeredAt: 0, askedAt: now, waiting: [] }
        wanted.set(key, entry)
      }
      entry.askedAt = now
      // The last batch's answer while it is fresh: the tick renews the lease meanwhile.
      if (entry.mine !== null && now - entry.answeredAt < claimEveryMs + 500)
        return Promise.resolve(entry.mine)
      const answer = new Promise<boolean>((resolve) => entry.waiting.push(resolve))
      if (fresh.size === 0) setImmediate(flushFresh)
      fresh.add(key)
      return answer
    },
    release(key) {
      const entry = wanted.get(key)
      wanted.delete(key)
      if (entry?.mine === false) return Promise.resolve()
      return shared(
        async (r) => {
          await r.eval(RELEASE_SCRIPT, 1, ownerKey(key), instance)
        },
        () => undefined,
      )
    },
    stop() {
      clearInterval(tick)
      subscriber.disconnect()
    },
    publish(key, item) {
      void shared(
        (r) => r.publish(channelOf(key), JSON.stringify({ from: instance, item })),
        () => 0,
      )
    },
    subscribe(key, onItem) {
      let set = handlers.get(key)
      let ready: Promise<void> = Promise.resolve()
      if (!set) {
        set = new Set()
        handlers.set(key, set)
        ready = subscriber.subscribe(channelOf(key)).then(() => undefined)
        ready.catch(() => undefined)
      }
      set.add(onItem)
      const stop = () => {
        const current = handlers.get(key)
        if (!current) return
        current.delete(onItem)
        if (current.size > 0) return
        handlers.delete(key)
        void subscriber.unsubscribe(channelOf(key)).catch(() => undefined)
      }
      return { ready, stop }
    },
    onChange(listener) {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
  }
}

export function relayFromEnv(): LiveRelay | undefined {
  const url = env().REDIS_URL
  if (!url || !redis()) return undefined
  return redisRelay(url)
}
