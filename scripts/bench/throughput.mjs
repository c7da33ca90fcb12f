/**
 * Requests per second with autocannon (in this process), one target at a
 * time, and the CPU time the server process spent per request: on a machine
 * shared with other work, req/s moves with the neighbours' load, CPU per
 * request much less.
 */
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

const CLOCK_TICKS_PER_SECOND = 100

/** User + system CPU ms of a process (threads included), or null where /proc is missing. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return null
  }
}

/** The header phones send. */
export const PHONE_ACCEPT_ENCODING = 'gzip, deflate, br'

/**
 * The durations (ms) of a Server-Timing header by metric name:
 * `backend;dur=1.2, app;dur=0.8` gives { backend: 1.2, app: 0.8 }.
 */
export function serverTimings(header) {
  const timings = {}
  for (const metric of String(header ?? '').split(',')) {
    const [name = '', ...params] = metric.split(';').map((s) => s.trim())
    const dur = params.find((p) => p.startsWith('dur='))
    if (name && dur) timings[name] = Number(dur.slice(4))
  }
  return timings
}

/**
 * One autocannon run: `connections` keep-alive connections for `seconds`.
 * Resolves with requests per second (total / duration), latency and errors;
 * `onHeaders` (optional) sees each response's headers.
 */
export function run(url, { connections, seconds, headers = {}, pid, onHeaders }) {
  const cpuBefore = pid ? cpuMs(pid) : null
  const requests = onHeaders
    ? [{ onResponse: (_status, _body, _context, responseHeaders) => onHeaders(responseHeaders) }]
    : undefined
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers, requests }, (error, result) => {
      if (error) return reject(error)
      const ok = result['2xx'] ?? 0
      const cpuAfter = pid ? cpuMs(pid) : null
      const requests = result.requests.total
      resolve({
        cpuMsPerRequest:
          cpuBefore !== null && cpuAfter !== null && requests
            ? (cpuAfter - cpuBefore) / requests
            : null,
        rps: result.requests.total / (result.duration || seconds),
        requests: result.requests.total,
        ok,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bytesPerResponse: result.requests.total
          ? result.throughput.total / result.requests.total
          : 0,
      })
    })
  })
}

/** The value below which `p` percent of `values` lie (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
