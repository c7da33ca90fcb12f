/**
 * What an instance's JavaScript heap retains: the V8 heap in use right
 * after a full garbage collection, read through the instance's inspector
 * (SIGUSR1 opens it on the port `--inspect-port` gives: 0, any free one;
 * the instance says where on stderr). RSS also counts garbage V8 has not
 * collected yet, and how much it lets pile up before a full collection
 * depends on the machine and its load (docs/decisions/0159).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { WebSocket } from 'undici'

/** The inspector's address an instance wrote to `log` (the cluster's stderr, lines "[name] ..."). */
function inspectorUrl(log, name) {
  const pattern = new RegExp(`^\\[${name}\\] Debugger listening on (ws://\\S+)`, 'gm')
  return [...log.matchAll(pattern)].at(-1)?.[1] ?? null
}

/** A DevTools protocol session: `call(method, params)` resolves with the result. */
async function devtools(url) {
  const ws = new WebSocket(url)
  await new Promise((resolve, reject) => {
    ws.onopen = resolve
    ws.onerror = () => reject(new Error(`no inspector at ${url}`))
  })
  let next = 0
  const waiting = new Map()
  ws.onmessage = (message) => {
    const { id, result, error } = JSON.parse(String(message.data))
    waiting.get(id)?.(error ? Promise.reject(new Error(error.message)) : result)
    waiting.delete(id)
  }
  return {
    call(method, params = {}) {
      const id = ++next
      return new Promise((resolve) => {
        waiting.set(id, resolve)
        ws.send(JSON.stringify({ id, method, params }))
      })
    },
    close: () => ws.close(),
  }
}

/**
 * Opens each instance's inspector (`instances`: { name, pid }; `log()`: the
 * cluster's stderr so far) and returns `sample()`: each instance's heap in
 * use after a full collection, in MB ({ [name]: MB }, null when it cannot
 * be read), and `close()`.
 */
export async function liveHeaps(instances, log) {
  const sessions = new Map()
  for (const { name, pid } of instances) {
    try {
      process.kill(pid, 'SIGUSR1')
      let url = null
      for (let tries = 0; tries < 100 && !url; tries++) {
        await sleep(100)
        url = inspectorUrl(log(), name)
      }
      if (url) sessions.set(name, await devtools(url))
    } catch {
      // This instance's figure stays null.
    }
  }
  return {
    async sample() {
      const mb = {}
      for (const { name } of instances) {
        const session = sessions.get(name)
        mb[name] = null
        if (!session) continue
        try {
          await session.call('HeapProfiler.collectGarbage')
          const { result } = await session.call('Runtime.evaluate', {
            expression: 'process.memoryUsage().heapUsed',
            returnByValue: true,
          })
          mb[name] = result.value / 1024 / 1024
        } catch {
          // Not answered this time.
        }
      }
      return mb
    },
    close() {
      for (const session of sessions.values()) session.close()
    },
  }
}
