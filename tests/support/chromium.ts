/**
 * How every Playwright run of the project starts Chromium (the e2e suite and
 * the smoke suite): Debian's Chromium when the machine has it, with the flags
 * a closed network and a root user need; Playwright's own browser elsewhere.
 *
 * Headless runs use Debian's chromium-headless-shell when it is installed:
 * the same Blink, V8 and Skia as the full browser (the same layout, fonts and
 * pixels), without the full browser's window layer, and about 40 % less
 * wall time for the suite on a 2-core machine. It is also what Playwright's
 * own headless Chromium is. A headed or debugging run (`--headed`,
 * `--debug`, `--ui`, PWDEBUG) needs the full browser, and E2E_CHROMIUM_PATH
 * picks any other binary. The shell has no notifications (their permission
 * is always "denied"), so the specs about web push run in the full browser
 * (`fullBrowser`).
 */
import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

const FULL = '/usr/bin/chromium'
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

// The config is read by the runner first, then by each worker it starts:
// the runner sees the command line and hands its finding on to the workers.
if (['--headed', '--debug', '--ui'].some((flag) => process.argv.includes(flag))) {
  process.env.E2E_HEADED = '1'
}
const headed = Boolean(process.env.E2E_HEADED || process.env.PWDEBUG)

function systemChromium(): string | undefined {
  const chosen = process.env.E2E_CHROMIUM_PATH
  if (chosen) return chosen
  if (!headed && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL
  return existsSync(FULL) ? FULL : undefined
}

const executablePath = systemChromium()

export const launchOptions: LaunchOptions = executablePath
  ? {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    }
  : {}

/**
 * The same launch in the full browser (for what the headless shell lacks):
 * Debian's when the machine has it, else Playwright's own full Chromium
 * (its `chromium` channel) rather than its headless shell.
 */
export function fullBrowser(options: LaunchOptions): LaunchOptions {
  if (process.env.E2E_CHROMIUM_PATH) return options
  if (existsSync(FULL)) return { ...options, executablePath: FULL }
  const { executablePath: _shell, ...rest } = options
  return { ...rest, channel: 'chromium' }
}
