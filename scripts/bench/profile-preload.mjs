/**
 * Loaded with `node --import` into the app's process by the bench's CPU
 * profile (profile.mjs): the first SIGUSR2 starts V8's sampling profiler,
 * the second stops it and writes the profile to CPU_PROFILE_PATH. Only the
 * window between the two signals is sampled (no start-up, no warm-up).
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'

const path = process.env.CPU_PROFILE_PATH
const interval = Number(process.env.CPU_PROFILE_INTERVAL_US) || 500
if (path) {
  const session = new Session()
  session.connect()
  let running = false
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval }, () =>
          session.post('Profiler.start', () => process.stderr.write('CPU_PROFILE_STARTED\n')),
        ),
      )
      return
    }
    running = false
    session.post('Profiler.stop', (error, result) => {
      if (error) process.stderr.write(`CPU_PROFILE_FAILED ${error.message}\n`)
      else writeFileSync(path, JSON.stringify(result.profile))
      process.stderr.write('CPU_PROFILE_WRITTEN\n')
    })
  })
}
