// Attempt counters that slow down instead of locking out (docs/decisions/0155). Several keys are
// judged and counted in one step (a Redis script, or synchronously in memory), so parallel
// attempts cannot slip past the count. Redis keys are an HMAC under the session secret; memory
// while Redis is away (docs/decisions/0088).
import { shared } from '~/server/redis.server'
import { hiddenRedisKey } from '~/limits/rate-limit.server'

export interface BackoffRule {
  free: number
  baseMs: number
  maxMs: number
  /** One failure forgotten per this many ms (0: none; the key is forgotten as a whole). */
  leakMs: number
  forgetMs: number
}

export interface BackoffKey {
  key: string
  rule: BackoffRule
}

export type BackoffAttempt =
  | { allowed: true; counts: number[] }
  /** Too early: counted nowhere. */
  | { allowed: false; waitMs: number; index: number }

export interface BackoffCounter {
  attempt(keys: readonly BackoffKey[]): Promise<BackoffAttempt>
  /** The backend could not judge the attempt: it does not count. */
  release(keys: readonly BackoffKey[]): Promise<void>
  reset(key: string): Promise<void>
  /** True only the first time since the key was forgotten. */
  markRecorded(key: BackoffKey): Promise<boolean>
}

export function backoffDelay(rule: BackoffRule, failures: number): number {
  if (failures < rule.free) return 0
  return Math.min(rule.maxMs, rule.baseMs * 2 ** (failures - rule.free))
}

interface State {
  /** Failures, as leaked by `at` (a fraction while it leaks). */
  level: number
  at: number
  recorded: boolean
}

function leaked(state: State | undefined, rule: BackoffRule, now: number): State {
  if (!state || now - state.at >= rule.forgetMs) return { level: 0, at: 0, recorded: false }
  const level =
    rule.leakMs > 0 ? Math.max(0, state.level - (now - state.at) / rule.leakMs) : state.level
  return { ...state, level }
}

function waitOf(state: State, rule: BackoffRule, now: number): number {
  return Math.max(0, state.at + backoffDelay(rule, Math.floor(state.level)) - now)
}

const MAX_KEYS = 50_000

export function memoryBackoff(now: () => number = Date.now): BackoffCounter {
  const states = new Map<string, State>()
  const save = (key: string, state: State) => {
    states.delete(key)
    if (states.size >= MAX_KEYS) states.delete(states.keys().next().value as string)
    states.set(key, state)
  }
  return {
    async attempt(keys) {
      const at = now()
      const current = keys.map(({ key, rule }) => leaked(states.get(key), rule, at))
      let waitMs = 0
      let index = 0
      current.forEach((state, i) => {
        const left = waitOf(state, keys[i]!.rule, at)
        if (left > waitMs) [waitMs, index] = [left, i]
      })
      if (waitMs > 0) return { allowed: false, waitMs: Math.ceil(waitMs), index }
      const counts = current.map((state, i) => {
        save(keys[i]!.key, { ...state, level: state.level + 1, at })
        return Math.floor(state.level + 1)
      })
      return { allowed: true, counts }
    },
    async release(keys) {
      for (const { key } of keys) {
        const state = states.get(key)
        if (state) state.level = Math.max(0, state.level - 1)
      }
    },
    async reset(key) {
      states.delete(key)
    },
    async markRecorded({ key, rule }) {
      const state = states.get(key)
      if (!state || now() - state.at >= rule.forgetMs || state.recorded) return false
      state.recorded = true
      return true
    },
  }
}

/**
 * Judges every key (ARGV: now, then free, baseMs, maxMs, leakMs, forgetMs per
 * key), and counts on each only when none must wait. Answers {1, count...}
 * or {0, waitMs, index (1-based)}.
 */
const ATTEMPT = `local now = tonumber(ARGV[1])
local worst, which = 0, 0
local levels = {}
for i = 1, #KEYS do
  local b = 1 + (i - 1) * 5
  local free, base, max, leak = tonumber(ARGV[b + 1]), tonumber(ARGV[b + 2]), tonumber(ARGV[b + 3]), tonumber(ARGV[b + 4])
  local level = tonumber(redis.call('HGET', KEYS[i], 'l') or '0')
  local at = tonumber(redis.call('HGET', KEYS[i], 'a') or '0')
  if leak > 0 then level = math.max(0, level - (now - at) / leak) end
  levels[i] = level
  local f = math.floor(level)
  if f >= free then
    local left = at + math.min(max, base * 2 ^ (f - free)) - now
    if left > worst then worst, which = left, i end
  end
end
if worst > 0 then return {0, math.ceil(worst), which} end
local out = {1}
for i = 1, #KEYS do
  local level = levels[i] + 1
  redis.call('HSET', KEYS[i], 'l', tostring(level), 'a', now)
  redis.call('PEXPIRE', KEYS[i], ARGV[1 + i * 5])
  out[i + 1] = math.floor(level)
end
return out`

const RELEASE = `for i = 1, #KEYS do
  local level = tonumber(redis.call('HGET', KEYS[i], 'l') or '0')
  if level > 0 then redis.call('HSET', KEYS[i], 'l', tostring(math.max(0, level - 1))) end
end
return 0`

const MARK = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HSETNX', KEYS[1], 'r', '1')`

export function sharedBackoff(name: string, now: () => number = Date.now): BackoffCounter {
  const memory = memoryBackoff(now)
  const keyOf = (key: string) => hiddenRedisKey('backoff', name, key)
  const args = (keys: readonly BackoffKey[]) =>
    keys.flatMap(({ rule }) => [rule.free, rule.baseMs, rule.maxMs, rule.leakMs, rule.forgetMs])
  return {
    attempt: (keys) =>
      shared(
        async (r) => {
          const answer = (await r.eval(
            ATTEMPT,
            keys.length,
            ...keys.map(({ key }) => keyOf(key)),
            now(),
            ...args(keys),
          )) as number[]
          if (answer[0] === 1) return { allowed: true, counts: answer.slice(1) }
          return { allowed: false, waitMs: answer[1]!, index: answer[2]! - 1 }
        },
        () => memory.attempt(keys),
      ),
    release: (keys) =>
      shared(
        async (r) => {
          await r.eval(RELEASE, keys.length, ...keys.map(({ key }) => keyOf(key)))
        },
        () => memory.release(keys),
      ),
    async reset(key) {
      await memory.reset(key)
      await shared(
        (r) => r.del(keyOf(key)),
        () => 0,
      )
    },
    markRecorded: (key) =>
      shared(
        async (r) => (await r.eval(MARK, 1, keyOf(key.key))) === 1,
        () => memory.markRecorded(key),
      ),
  }
}
