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

/** The trace events that run a script's code, with its URL in `args.data.url`. */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall'])

/**
 * The CPU time (ms) of each script's code on the page's main thread from
 * `fromTs` on (the first contentful paint): what hydration, a library's
 * start or a module's evaluation costs the page, without a busy machine's
 * waits. A call inside another counted call is the outer one's. Scripts by
 * file name (the document's inline code is "(document)"), most first.
 */
export function cpuByScript(events, fromTs) {
  const thread = pageMainThread(events)
  const calls = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        SCRIPT_EVENTS.has(e.name) &&
        `${e.pid}:${e.tid}` === thread &&
        e.ts >= fromTs &&
        e.args?.data?.url,
    )
    .sort((a, b) => a.ts - b.ts)
  const byScript = new Map()
  let until = -Infinity
  for (const e of calls) {
    // Lighthouse's own code runs in the page too, under a name, not a URL.
    if (e.ts < until || !URL.canParse(e.args.data.url)) continue
    until = e.ts + e.dur
    const path = new URL(e.args.data.url).pathname
    const script = path.startsWith('/build/') ? path.slice(path.lastIndexOf('/') + 1) : '(document)'
    byScript.set(script, (byScript.get(script) ?? 0) + (e.tdur ?? e.dur) / 1000)
  }
  return [...byScript]
    .map(([script, cpuMs]) => ({ script, cpuMs }))
    .sort((a, b) => b.cpuMs - a.cpuMs)
}
