/**
 * The bench's cluster: `scripts/cluster.mjs` (nginx, three instances, Redis,
 * its own demo backend) on the bench's ports, quiet (no per-request log
 * lines), and the figures measured through it: the refresh storm across the
 * instances and a soak at 20 connections with the instances' memory sampled.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { followCluster } from '../lib/cluster-lines.mjs'
import { run } from './throughput.mjs'

/** Starts the cluster with nginx on `port`; resolves once it is ready. */
export async function startCluster(port, secret) {
  const child = spawn(process.execPath, ['scripts/cluster.mjs', '--quiet'], {
    env: { ...process.env, PORT: String(port), SESSION_SECRET: secret, BACKEND_URL: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  createInterface({ input: child.stderr }).on('line', (line) => {
    errors += `${line}\n`
  })
  const cluster = followCluster(child.stdout)
  let timer
  await Promise.race([
    cluster.ready,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the cluster did not start:\n${errors}`)), 60_000)
      child.once('exit', (code) => reject(new Error(`the cluster exited (${code}):\n${errors}`)))
    }),
  ]).finally(() => clearTimeout(timer))
  return {
    url: cluster.url,
    backendUrl: cluster.backendUrl,
    instances: [...cluster.instances.values()],
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000)
      await once(child, 'exit')
      clearTimeout(killer)
    },
  }
}

/** Resident memory of a process in MB (null where /proc is missing). */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return Number.isFinite(kb) ? kb / 1024 : null
  } catch {
    return null
  }
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1)

/**
 * `seconds` of `connections` keep-alive connections on `url` (through nginx,
 * so spread over the instances), after `warmSeconds` of the same load that
 * are not counted (V8 sizes its heap to the load in the first seconds),
 * sampling each instance's memory every `everyS` seconds. Memory is flat
 * when the last quarter's mean RSS is within 10% of the first quarter's.
 */
export async function soak(
  url,
  { seconds, warmSeconds, connections, headers, instances, everyS = 5 },
) {
  if (warmSeconds > 0) await run(url, { connections, seconds: warmSeconds, headers })
  const samples = Object.fromEntries(instances.map((i) => [i.name, []]))
  const sample = () => {
    for (const i of instances) {
      const mb = rssMb(i.pid)
      if (mb !== null) samples[i.name].push(mb)
    }
  }
  sample()
  const timer = setInterval(sample, everyS * 1000)
  const result = await run(url, { connections, seconds, headers })
  clearInterval(timer)
  sample()
  const memory = instances.map(({ name }) => {
    const list = samples[name]
    const q = Math.max(1, Math.floor(list.length / 4))
    const first = mean(list.slice(0, q))
    const last = mean(list.slice(-q))
    return {
      name,
      startMb: list[0],
      endMb: list[list.length - 1],
      maxMb: Math.max(...list),
      growth: first ? last / first - 1 : 0,
      samples: list,
    }
  })
  const flat = memory.every((m) => m.growth <= 0.1)
  const bad = result.non2xx + result.errors + result.timeouts
  return { ...result, memory, flat, bad }
}
