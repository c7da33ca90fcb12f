/**
 * A CPU profile of the app under load: a second app server (server.mjs) on the production
 * build with profile-preload.mjs, loaded with autocannon (warm-up first, not
 * sampled), then V8's samples summed by self time: shares by part (React's
 * render, route matching, GC, the app's own code, ...) and by function, and
 * the share of samples inside React Router's `matchRoutes` (its callees
 * included). Idle samples are left out: shares are of the CPU the app used.
 * The profile itself is kept where `keepAs` says (DevTools opens it).
 */
import { once } from 'node:events'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startApp, stopStarted } from './servers.mjs'
import { run } from './throughput.mjs'

const PRELOAD = new URL('./profile-preload.mjs', import.meta.url).pathname

/** The part of the server a call frame belongs to, from its function name and script URL. */
export function partOf({ functionName, url }) {
  if (functionName === '(garbage collector)') return 'GC'
  if (functionName === '(program)') return 'V8 and native (program)'
  if (!url) return 'V8 and native (program)'
  if (url.includes('/node_modules/react-dom/')) return 'react-dom (render)'
  if (url.includes('/node_modules/@remix-run/router/')) return '@remix-run/router (matching)'
  if (url.includes('/node_modules/react-router')) return 'react-router'
  if (url.includes('/node_modules/react/')) return 'react'
  if (url.includes('/node_modules/@remix-run/')) {
    return `@remix-run/${url.split('/node_modules/@remix-run/')[1].split('/')[0]}`
  }
  if (url.startsWith('node:')) return 'node core'
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)
  if (pkg) return pkg[1]
  if (/\/build\/index\.js$/.test(url)) return 'app (build/index.js)'
  return url
}

/**
 * Shares of a V8 CPU profile (`Profiler.stop`'s result): self time by part
 * and by function, and the share inside `matchRoutes`; idle samples left out.
 */
export function summarise(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const isMatching = new Map()
  const inMatching = (id) => {
    if (isMatching.has(id)) return isMatching.get(id)
    const f = nodes.get(id).callFrame
    const here =
      (f.functionName === 'matchRoutesImpl' || f.functionName === 'matchRoutes') &&
      f.url.includes('/@remix-run/router/')
    const result = here || (parent.has(id) ? inMatching(parent.get(id)) : false)
    isMatching.set(id, result)
    return result
  }
  const byPart = new Map()
  const byFunction = new Map()
  let total = 0
  let matching = 0
  for (const id of profile.samples) {
    const frame = nodes.get(id).callFrame
    if (frame.functionName === '(idle)') continue
    total += 1
    if (inMatching(id)) matching += 1
    const part = partOf(frame)
    byPart.set(part, (byPart.get(part) ?? 0) + 1)
    const name = `${frame.functionName || '(anonymous)'} (${part})`
    byFunction.set(name, (byFunction.get(name) ?? 0) + 1)
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => ({ name, share: total ? n / total : 0 }))
  return {
    samples: total,
    byPart: top(byPart),
    byFunction: top(byFunction),
    matching: total ? matching / total : 0,
  }
}

/**
 * Profiles `GET path` with `headers` on a profiled app at `port` (demo backend
 * at `backendUrl`): `warmSeconds` of load unsampled, then `seconds` sampled.
 * `prepare(appUrl)` may return extra headers (a member's cookie).
 */
export async function profileLoad({
  port,
  backendUrl,
  path,
  headers = {},
  prepare,
  connections,
  seconds,
  warmSeconds = 3,
  keepAs,
}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'))
  const file = join(dir, 'app.cpuprofile')
  const app = await startApp(port, backendUrl, {
    nodeArgs: ['--import', PRELOAD],
    extraEnv: { CPU_PROFILE_PATH: file },
  })
  try {
    const extra = prepare ? await prepare(app.url) : {}
    const all = { ...headers, ...extra }
    const signal = async (expected) => {
      const seen = new Promise((resolve) => {
        const onLine = (line) => {
          if (line.trim() === expected) {
            app.lines.off('line', onLine)
            resolve()
          }
        }
        app.lines.on('line', onLine)
      })
      process.kill(app.child.pid, 'SIGUSR2')
      await Promise.race([
        seen,
        once(app.child, 'exit').then(() => {
          throw new Error('the profiled app exited')
        }),
      ])
    }
    await run(`${app.url}${path}`, { connections, seconds: warmSeconds, headers: all })
    await signal('CPU_PROFILE_STARTED')
    const load = await run(`${app.url}${path}`, {
      connections,
      seconds,
      headers: all,
      pid: app.child.pid,
    })
    await signal('CPU_PROFILE_WRITTEN')
    if (keepAs) copyFileSync(file, keepAs)
    const summary = summarise(JSON.parse(readFileSync(file, 'utf8')))
    return { ...summary, load }
  } finally {
    await stopStarted(app.child)
    rmSync(dir, { recursive: true, force: true })
  }
}
