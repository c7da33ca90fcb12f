/**
 * The page's own main-thread work in a Lighthouse trace (`--save-assets`).
 *
 * Lighthouse's simulated Total Blocking Time takes each task's wall time in
 * the trace, multiplied by the CPU slowdown (4 on mobile). On a busy machine
 * a task waits for a core inside that wall time, and the TBT grows with the
 * machine's load, not with the page. Trace events also carry the thread's
 * CPU time (`tdur`): the same rule applied to it gives the page's own share.
 */

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

/** The renderer main thread that ran the most tasks: the page's. */
function pageMainThread(events) {
  const counts = new Map()
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`
    if (e.ph === 'X' && TASK_NAMES.has(e.name) && mains.has(key)) {
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  let best = null
  for (const [key, count] of counts) if (!best || count > best[1]) best = [key, count]
  return best?.[0] ?? null
}

/**
 * Blocking time (ms) of the page main thread's top-level tasks that start at
 * or after `fromTs` (the observed first contentful paint, trace microseconds),
 * each counted as `slowdown` x its CPU time less 50 ms; and the longest
 * task's CPU time (ms).
 */
export function cpuBlocking(events, fromTs, slowdown = 4) {
  const thread = pageMainThread(events)
  let blockingMs = 0
  let longestCpuMs = 0
  for (const e of events) {
    if (e.ph !== 'X' || !TASK_NAMES.has(e.name) || `${e.pid}:${e.tid}` !== thread) continue
    if (e.ts < fromTs) continue
    const cpuMs = (e.tdur ?? e.dur) / 1000
    longestCpuMs = Math.max(longestCpuMs, cpuMs)
    blockingMs += Math.max(0, slowdown * cpuMs - 50)
  }
  return { blockingMs, longestCpuMs }
}
