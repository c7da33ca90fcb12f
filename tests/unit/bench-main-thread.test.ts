/**
 * The bench's reading of a Lighthouse trace (scripts/bench/main-thread.mjs):
 * blocking time from the tasks' CPU time, on the page's main thread, after
 * the first contentful paint; and that CPU time by script.
 */
import { describe, expect, it } from 'vitest'
import { cpuBlocking, cpuByScript } from '../../scripts/bench/main-thread.mjs'

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

const call = (name: string, ts: number, cpuMs: number, url: string) => ({
  name,
  ph: 'X',
  pid: 1,
  tid: 1,
  ts,
  dur: cpuMs * 1000,
  tdur: cpuMs * 1000,
  args: { data: { url } },
})

describe('cpuByScript', () => {
  it("sums each script's CPU time after the paint, a call inside another counted once, most first", () => {
    const react = 'http://127.0.0.1:5300/build/_shared/chunk-57LI472J.js'
    const swiper = 'http://127.0.0.1:5300/build/_shared/swiper.client-WC7GDFWO.js'
    const events = [
      thread(1, 1),
      task(1, 1, 1_500, 100, 100),
      call('FunctionCall', 1_600, 9, react), // before the paint
      task(1, 1, 2_000, 40, 40),
      call('v8.evaluateModule', 2_000, 12, swiper),
      call('FunctionCall', 3_000, 5, swiper), // inside the module's evaluation
      call('FunctionCall', 20_000, 20, react),
      call('EvaluateScript', 40_000, 1, 'http://127.0.0.1:5300/lotto/stake?lotto=thai'),
      call('FunctionCall', 45_000, 30, '_lighthouse-eval.js'), // Lighthouse's own
      { ...call('FunctionCall', 50_000, 50, react), tid: 2 }, // another thread
    ]
    expect(cpuByScript(events, 1_800)).toEqual([
      { script: 'chunk-57LI472J.js', cpuMs: 20 },
      { script: 'swiper.client-WC7GDFWO.js', cpuMs: 12 },
      { script: '(document)', cpuMs: 1 },
    ])
  })
})
