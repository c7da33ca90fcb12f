/** Child processes the scripts manage: the demo backend and servers. */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'

const DEMO_CLI = 'build/mock-backend/cli.mjs'

/** Starts the demo backend on a free port; resolves with its URL once it listens. */
export async function startDemoBackend(env = process.env, extraEnv = {}) {
  const child = spawn(process.execPath, [DEMO_CLI], {
    env: {
      ...env,
      MOCK_PORT: env.MOCK_PORT ?? '0',
      MOCK_PARENT_PID: String(process.pid),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The demo backend did not start within 10 s')),
      10_000,
    )
    child.once('exit', (code) => reject(new Error(`The demo backend exited (code ${code})`)))
    lines.on('line', (line) => {
      const match = /^MOCK_BACKEND_URL=(\S+)$/.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      } else {
        console.log(`[demo-backend] ${line}`)
      }
    })
  })
  return { child, url }
}

/** Stops a child process (SIGTERM, then SIGKILL after 5 s). */
export async function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await once(child, 'exit').catch(() => undefined)
  clearTimeout(timer)
}
