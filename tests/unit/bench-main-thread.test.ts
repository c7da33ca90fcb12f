/**
 * The bench's reading of a Lighthouse trace (scripts/bench/main-thread.mjs):
 * blocking time from the tasks' CPU time, on the page's main thread, after
 * the first contentful paint.
 */
import { describe, expect, it } from 'vitest'
import { cpuBlocking } from '../../scripts/bench/main-thread.mjs'

const thread = (pid: number, tid: number) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  args: { name: 'CrRendererMain' },
})
const task = (pid: number, tid: number, ts: number, durMs: number, cpuMs: number) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
})

describe('cpuBlocking', () => {
  it('counts slowdown x CPU time less 50 ms per task, not the wall time', () => {
    const events = [
      thread(1, 1),
      task(1, 1, 2_000, 80, 20), // 4 x 20 - 50 = 30
      task(1, 1, 3_000, 60, 10), // 40: nothing
      task(1, 1, 4_000, 30, 25), // 50
    ]
    expect(cpuBlocking(events, 1_000)).toEqual({ blockingMs: 80, longestCpuMs: 25 })
  })

  it('leaves out tasks before the first paint and other threads', () => {
    const events = [
      thread(1, 1),
      thread(2, 7),
      task(1, 1, 500, 100, 100), // before the paint
      task(1, 1, 2_000, 30, 30), // 70
      task(1, 1, 2_500, 5, 5),
      task(2, 7, 2_000, 200, 200), // another renderer, fewer tasks
      task(1, 2, 2_000, 200, 200), // not a main thread
    ]
    expect(cpuBlocking(events, 1_000)).toEqual({ blockingMs: 70, longestCpuMs: 30 })
  })
})
