/**
 * A Playwright reporter for the e2e run of `npm test` (and so of .ci/run):
 * at the end, the 10 spec files that took longest (the sum of their tests'
 * times, every project), to show where the suite's minutes go; and a
 * failed run when any test was skipped: every test of the suite runs.
 */
import { relative } from 'node:path'
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

const SHOWN = 10

export default class SlowestFiles implements Reporter {
  #files = new Map<string, { ms: number; tests: number }>()
  #skipped: string[] = []

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(process.cwd(), test.location.file)
    const entry = this.#files.get(file) ?? { ms: 0, tests: 0 }
    entry.ms += result.duration
    entry.tests += 1
    this.#files.set(file, entry)
    if (result.status === 'skipped') this.#skipped.push(`${file}: ${test.title}`)
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const slowest = [...this.#files].sort(([, a], [, b]) => b.ms - a.ms).slice(0, SHOWN)
    if (slowest.length > 0) {
      console.log(`\nThe ${slowest.length} slowest spec files (their tests' time, every project):`)
      for (const [file, { ms, tests }] of slowest) {
        console.log(
          `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${String(tests).padStart(3)} tests  ${file}`,
        )
      }
    }
    if (this.#skipped.length === 0) return undefined
    console.log(`\n${this.#skipped.length} skipped (every test must run):`)
    for (const line of this.#skipped) console.log(`  ${line}`)
    return { status: result.status === 'passed' ? 'failed' : result.status }
  }

  printsToStdio(): boolean {
    return false
  }
}
