/**
 * Optional: Lighthouse 12 mobile performance through `npx lighthouse@12.8`
 * (fetched from the npm registry on first use, then run from the npx cache;
 * it is no devDependency: about 200 packages / 185 MB). The page is served
 * locally and Chromium runs headless, so the run itself is offline.
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpuBlocking, cpuByScript } from './main-thread.mjs'

export const LIGHTHOUSE_PACKAGE = 'lighthouse@12.8'
const PAGE_TIMEOUT_MS = 90_000
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // With its scrollbars shown, headless Chromium here held the first frame's
  // presentation back until a later frame (observed FCP 1.2 or 2.2 s while
  // the page painted at 0.3 s): the bimodal LCP of docs/decisions/0086.
  // Phones draw overlay scrollbars; Playwright hides them too.
  '--hide-scrollbars',
].join(' ')

/** The Chromium/Chrome to use, or null when there is none to find. */
export function chromePath() {
  const candidates = process.env.CHROME_PATH
    ? [process.env.CHROME_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
  for (const path of candidates) {
    if (existsSync(path)) return path
  }
  return null
}

let running = null

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/** Stops a Lighthouse run in progress (the bench is interrupted). */
export function stopLighthouse() {
  if (running) killGroup(running)
}

/** Runs `cmd` in its own process group, killing the group after `timeoutMs`. */
function runBounded(cmd, args, { env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] })
    running = child
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000)
    })
    const timer = setTimeout(() => {
      killGroup(child)
      resolve({ code: null, stderr: `${stderr}\n(timed out after ${timeoutMs / 1000} s)` })
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ code: null, stderr: error.message })
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      running = null
      resolve({ code, stderr })
    })
  })
}

/**
 * Mobile performance score (0-100), LCP, FCP, TBT (also on CPU time) and CLS of
 * one page, or `{ skipped: reason }`;
 * `cookie` (a member's session) is sent with every request of the page's origin.
 */
export async function lighthouse(url, { cookie } = {}) {
  const chrome = chromePath()
  if (!chrome)
    return { skipped: `no Chromium found (${process.env.CHROME_PATH ?? 'set CHROME_PATH'})` }
  const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
  const output = join(dir, 'report.json')
  try {
    const { code, stderr } = await runBounded(
      'npx',
      [
        '--yes',
        '--prefer-offline',
        LIGHTHOUSE_PACKAGE,
        url,
        '--quiet',
        '--only-categories=performance',
        '--form-factor=mobile',
        '--throttling-method=simulate',
        '--max-wait-for-load=45000',
        `--chrome-flags=${CHROME_FLAGS}`,
        '--output=json',
        // The trace too (report-0.trace.json): the page's own CPU time per task.
        '--save-assets',
        `--output-path=${output}`,
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, timeoutMs: PAGE_TIMEOUT_MS },
    )
    if (!existsSync(output)) {
      const last = stderr.trim().split('\n').slice(-3).join(' | ')
      return { skipped: `lighthouse failed (exit ${code}): ${last || 'no output'}` }
    }
    const report = JSON.parse(readFileSync(output, 'utf8'))
    if (report.runtimeError) {
      return { skipped: `lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}` }
    }
    const landed = new URL(report.finalDisplayedUrl ?? report.finalUrl ?? url)
    const asked = new URL(url)
    if (landed.pathname !== asked.pathname) {
      return { skipped: `${asked.pathname} was redirected to ${landed.pathname}` }
    }
    const lcp = report.audits['largest-contentful-paint']
    const metrics = report.audits.metrics?.details?.items?.[0]
    const tracePath = join(dir, 'report-0.trace.json')
    const events =
      metrics && existsSync(tracePath)
        ? (JSON.parse(readFileSync(tracePath, 'utf8')).traceEvents ?? [])
        : null
    const paintTs = metrics?.observedFirstContentfulPaintTs
    const own = events
      ? cpuBlocking(events, paintTs, report.configSettings?.throttling?.cpuSlowdownMultiplier ?? 4)
      : null
    return {
      version: report.lighthouseVersion,
      score: Math.round(report.categories.performance.score * 100),
      lcpMs: lcp.numericValue,
      fcpMs: report.audits['first-contentful-paint'].numericValue,
      tbtMs: report.audits['total-blocking-time'].numericValue,
      // TBT's rule on the tasks' CPU time instead of their wall time (main-thread.mjs).
      cpuTbtMs: own?.blockingMs ?? null,
      longestTaskCpuMs: own?.longestCpuMs ?? null,
      // Which scripts that CPU time went to (main-thread.mjs).
      scriptsCpu: events ? cpuByScript(events, paintTs) : null,
      cls: report.audits['cumulative-layout-shift'].numericValue,
    }
  } finally {
    // BENCH_LIGHTHOUSE_KEEP=dir keeps each run's report and trace (DevTools and Lighthouse's viewer open them).
    const keep = process.env.BENCH_LIGHTHOUSE_KEEP
    if (keep && existsSync(output)) {
      cpSync(dir, join(keep, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}`), {
        recursive: true,
      })
    }
    rmSync(dir, { recursive: true, force: true })
  }
}
