/**
 * How every Playwright run of the project starts Chromium (the e2e suite and
 * the smoke suite): Debian's /usr/bin/chromium when the machine has it, with
 * the flags a closed network and a root user need; Playwright's own browser
 * elsewhere.
 */
import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

export const launchOptions: LaunchOptions = existsSync(SYSTEM_CHROMIUM)
  ? {
      executablePath: SYSTEM_CHROMIUM,
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
