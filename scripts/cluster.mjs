#!/usr/bin/env node
/**
 * `npm run start:cluster`: the production shape on one machine.
 *
 *   nginx :PORT (3000)  round-robin, no stickiness, X-Forwarded-* set
 *     -> three app instances (server.mjs on the production build) :PORT+1..+3,
 *        sharing one SESSION_SECRET and Redis (REDIS_URL), TRUST_PROXY_HOPS=1
 *   redis-server :PORT+9 (append-only file in a temporary directory)
 *   the demo backend (unless BACKEND_URL is set; MOCK_PORT pins its port)
 *
 * Needs Debian's `redis-server` and `nginx` (apt-get install -y redis-server
 * nginx). Like a process supervisor, it starts an instance or Redis again
 * when it dies; Ctrl-C (or SIGTERM) stops everything and removes the
 * temporary directory. Machine-readable lines for tests and the bench:
 * scripts/lib/cluster-lines.mjs. `--quiet`: the instances' request
 * log lines are dropped (warnings and errors still show).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { waitForOk } from './bench/http.mjs'
import { clusterLine } from './lib/cluster-lines.mjs'
import { balancerSizing, nginxConfig, writeErrorPages } from './lib/nginx-conf.mjs'
import { appDrainMs, demoEnv, ensureBuild, startDemoBackend, stopChild } from './lib/processes.mjs'

process.chdir(new URL('..', import.meta.url).pathname)

const INSTANCES = 3
const quiet = process.argv.includes('--quiet')
const RESTART_AFTER_MS = 1000
const base = Number(process.env.PORT ?? 3000)
const ports = {
  nginx: base,
  apps: Array.from({ length: INSTANCES }, (_, i) => base + 1 + i),
  redis: base + 9,
}

function need(command, hint) {
  const found = spawnSync('sh', ['-c', `command -v ${command} || ls /usr/sbin/${command}`], {
    encoding: 'utf8',
  })
  const path = found.stdout.trim().split('\n')[0]
  if (found.status !== 0 || !path) {
    console.error(`${command} is not installed. On Debian or Ubuntu: ${hint}`)
    process.exit(1)
  }
  return path
}
const INSTALL = 'sudo apt-get install -y redis-server nginx'
const redisServer = need('redis-server', INSTALL)
const nginx = need('nginx', INSTALL)

/** True when nothing listens on 127.0.0.1:`port`. */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}
for (const port of [ports.nginx, ...ports.apps, ports.redis]) {
  if (!(await portFree(port))) {
    console.error(
      `Port ${port} is in use: the cluster needs ${ports.nginx}-${ports.redis} free (PORT=${base}). Stop what runs there or choose another PORT.`,
    )
    process.exit(1)
  }
}

ensureBuild()

const dir = mkdtempSync(join(tmpdir(), 'member-cluster-'))
// nginx's workers (not root) read the configuration and write their temporary files here.
chmodSync(dir, 0o755)
const children = new Map()
let stopping = false

/** Prints a child's output line by line, prefixed with its name. */
function prefixed(name, stream, write = (line) => console.log(line)) {
  createInterface({ input: stream }).on('line', (line) => {
    if (line.trim()) write(`[${name}] ${line}`)
  })
}

/**
 * Starts `name` and keeps it running: when it exits while the cluster is up,
 * it is started again after a second (`restart: false`: the cluster stops).
 */
function supervise(name, start, { restart = true } = {}) {
  const child = start()
  children.set(name, child)
  child.once('exit', (code, signal) => {
    if (stopping) return
    if (!restart) {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}): stopping the cluster.`)
      void stop(1)
      return
    }
    console.error(`${name} stopped (${signal ?? `exit ${code}`}): starting it again.`)
    setTimeout(() => {
      if (!stopping) supervise(name, start, { restart })
    }, RESTART_AFTER_MS)
  })
  return child
}

async function stop(code) {
  if (stopping) return
  stopping = true
  console.log('Stopping the cluster...')
  // nginx first (no new requests), then the instances together (each finishes
  // its requests under way), then what they use.
  await stopChild(children.get('nginx'))
  await Promise.all(
    ports.apps.map((_, i) => stopChild(children.get(`app-${i + 1}`), appDrainMs(process.env))),
  )
  await stopChild(children.get('redis'))
  await stopChild(children.get('demo-backend'))
  rmSync(dir, { recursive: true, force: true })
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0))
// A reader that went away (`| head`, a supervisor that stopped reading): what
// we print is dropped and the cluster goes on until it is told to stop. Without
// this, the write's EPIPE reached the handler below, whose own write failed
// again: 100 % CPU, and a SIGTERM never stopped anything.
for (const output of [process.stdout, process.stderr]) output.on('error', () => undefined)
// Whatever goes wrong while starting, nothing is left running (or holding the ports).
// Said once: while stopping, a second failure only waits for the first stop.
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    if (!stopping) console.error(error)
    void stop(1)
  })
}
process.on('exit', () => {
  for (const child of children.values()) if (child.exitCode === null) child.kill('SIGKILL')
})

// Redis: no snapshots, an append-only file, so a restart keeps the shared state.
supervise('redis', () => {
  const child = spawn(
    redisServer,
    ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  // Redis logs everything to stdout: its warnings (level #) are shown, the rest is noise here.
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (/ # /.test(line)) console.error(`[redis] ${line}`)
  })
  prefixed('redis', child.stderr, console.error)
  console.log(clusterLine.redis(child.pid, ports.redis))
  return child
})

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }
if (!env.BACKEND_URL) {
  const demo = await startDemoBackend(env)
  children.set('demo-backend', demo.child)
  demo.child.once('exit', (code) => {
    if (!stopping) {
      console.error(`The demo backend stopped (exit ${code}): stopping the cluster.`)
      void stop(1)
    }
  })
  demoEnv(env, demo.url, String(ports.nginx))
  // Every instance must open every other's cookies: one secret for all.
  console.log(clusterLine.backend(demo.url))
} else if (!env.SESSION_SECRET) {
  console.error('SESSION_SECRET is required with BACKEND_URL: every instance must share it.')
  await stop(1)
}
Object.assign(env, {
  REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
  // nginx is the one proxy in front: the client address is the entry it appends.
  TRUST_PROXY_HOPS: '1',
  HOST: '127.0.0.1',
})

ports.apps.forEach((port, i) => {
  const name = `app-${i + 1}`
  supervise(name, () => {
    const child = spawn(process.execPath, ['server.mjs'], {
      env: { ...env, PORT: String(port) },
      // --quiet (the bench): no line per request; warnings and errors still show.
      stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'pipe'],
    })
    if (!quiet) prefixed(name, child.stdout)
    prefixed(name, child.stderr, console.error)
    console.log(clusterLine.instance(name, child.pid, port))
    return child
  })
})

writeErrorPages(dir)
// Sized for 10,000 streams and 2,000 page connections (docs/deploy.md "Sizing nginx"),
// within the open files this machine lets nginx have.
const sizing = balancerSizing()
if (sizing.workerConnections < sizing.wanted) {
  console.log(
    `nginx: ${sizing.workerConnections} connections per worker, not ${sizing.wanted}: this machine lets a process open ${sizing.workerOpenFiles} files (ulimit -Hn).`,
  )
}
writeFileSync(
  join(dir, 'nginx.conf'),
  nginxConfig({ dir, port: ports.nginx, apps: ports.apps, sizing }),
)

// Every instance answers before nginx takes members (a failure stops the cluster).
await Promise.all(ports.apps.map((port) => waitForOk(`http://127.0.0.1:${port}/healthz`, 30_000)))

supervise(
  'nginx',
  () => {
    // -e: nginx's own early messages go to stderr, not a system log file it may not open.
    const child = spawn(nginx, ['-e', 'stderr', '-c', join(dir, 'nginx.conf'), '-p', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    prefixed('nginx', child.stdout)
    prefixed('nginx', child.stderr, console.error)
    return child
  },
  { restart: false },
)
await waitForOk(`http://127.0.0.1:${ports.nginx}/healthz`)
console.log(clusterLine.url(`http://127.0.0.1:${ports.nginx}`))
console.log(
  clusterLine.ready(
    `http://localhost:${ports.nginx} (nginx -> ${INSTANCES} instances on ${ports.apps.join(', ')}, Redis on ${ports.redis}). Log in as demo / demo1234. Ctrl-C stops it all.`,
  ),
)
