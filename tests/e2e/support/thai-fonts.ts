/**
 * Which Thai system fonts the test browser sees (`E2E_THAI_FONT`), so the
 * e2e specs can be run as a member's phone draws a page view whose web font
 * missed its `font-display: optional` window (decision 0149):
 *
 * - unset: every font of the machine (Debian: Noto Sans Thai from
 *   fonts-noto-core and/or TLWG's Loma, Garuda, ... from fonts-thai-tlwg);
 * - `tlwg`: the TLWG fonts only (Loma is the Thai font of Debian and Ubuntu
 *   desktops), Noto's Thai faces hidden;
 * - `noto`: Noto's Thai faces only (Android's Thai font), TLWG hidden.
 *
 * It writes a fontconfig file that includes the system's /etc/fonts/fonts.conf
 * and rejects the other fonts' files, and gives it to the browser as
 * FONTCONFIG_FILE (playwright.config.ts, launchOptions.env). Before any test
 * runs it asks fontconfig through that file which Thai fonts are left, and
 * stops the run when none of the asked kind is (the fonts are not installed)
 * or one of the hidden kind still is: a run named `tlwg` is a TLWG run.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

export type ThaiFont = 'tlwg' | 'noto'

/** The font files of each kind, as fontconfig globs (`*` matches across folders). */
const FILES: Record<ThaiFont, readonly string[]> = {
  // fonts-thai-tlwg (fonts-tlwg-*-ttf, and the -otf packages' OpenType files).
  tlwg: ['*/tlwg/*'],
  // fonts-noto-core's Thai faces (and a Noto Sans Thai UI, where one is installed).
  noto: ['*/NotoSansThai*', '*/NotoSerifThai*', '*/NotoLoopedThai*'],
}

const OTHER: Record<ThaiFont, ThaiFont> = { tlwg: 'noto', noto: 'tlwg' }

/** The kinds a font file belongs to, by the globs above. */
function kindOf(file: string): ThaiFont | undefined {
  if (/\/tlwg\//.test(file)) return 'tlwg'
  if (/\/Noto(Sans|Serif|Looped)Thai/.test(file)) return 'noto'
  return undefined
}

function fontconfigFile(only: ThaiFont): string {
  const globs = FILES[OTHER[only]].map((glob) => `      <glob>${glob}</glob>`).join('\n')
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- Written by tests/e2e/support/thai-fonts.ts: E2E_THAI_FONT=${only}. -->
<fontconfig>
  <include ignore_missing="no">/etc/fonts/fonts.conf</include>
  <selectfont>
    <rejectfont>
${globs}
    </rejectfont>
  </selectfont>
</fontconfig>
`
}

/** The Thai font files fontconfig lists with this environment. */
function thaiFontFiles(env: NodeJS.ProcessEnv): string[] {
  const out = execFileSync('fc-list', [':lang=th', 'file'], { env, encoding: 'utf8' })
  return out
    .split('\n')
    .map((line) => line.replace(/:\s*$/, '').trim())
    .filter(Boolean)
}

/**
 * The browser's environment for `E2E_THAI_FONT` (undefined when it is unset:
 * the browser inherits the machine's fonts). Throws on another value, and when
 * the fonts left are not the asked kind alone.
 */
export function thaiFontEnv(
  choice = process.env.E2E_THAI_FONT,
): Record<string, string> | undefined {
  if (!choice) return undefined
  if (choice !== 'tlwg' && choice !== 'noto')
    throw new Error(`E2E_THAI_FONT=${choice}: expected tlwg or noto (or unset for every font)`)
  const dir = join(tmpdir(), 'member-app-e2e-fonts')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${choice}.conf`)
  writeFileSync(file, fontconfigFile(choice))
  const env = { ...process.env, FONTCONFIG_FILE: file }
  const files = thaiFontFiles(env)
  const kinds = new Set(files.map(kindOf))
  if (!kinds.has(choice) || kinds.has(OTHER[choice]))
    throw new Error(
      `E2E_THAI_FONT=${choice}: the Thai fonts left are ${files.join(', ') || 'none'}` +
        ` (install ${choice === 'tlwg' ? 'fonts-thai-tlwg' : 'fonts-noto-core'})`,
    )
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}

/**
 * How a test has a page drawn, whatever the machine's fonts (decision 0149):
 * - `phone font`: the web font's files refused, as on a first view whose web
 *   font missed its `font-display: optional` window: the page is drawn in the
 *   machine's own Thai font (Noto Sans Thai or TLWG's Loma here, Thonburi on
 *   an iPhone);
 * - `web font`: a second view, the web font's files in the browser's cache
 *   from the first, so the page is drawn in the app's Noto Sans Thai;
 * - `wider font`: the web font view with every letter spaced 0.12 em apart,
 *   about a fifth wider: as wide as the widest Thai fonts a member's device
 *   may draw with (TLWG's Waree bold, Umpush), so what a label needs in any of
 *   them is tested on every machine.
 */
export type Drawing = 'phone font' | 'web font' | 'wider font'
export const DRAWINGS: readonly Drawing[] = ['phone font', 'web font', 'wider font']

const WEB_FONT_FILES = /\.woff2(\?|$)/
/** Letter spacing that draws the web font about as wide as the widest Thai system fonts. */
const WIDER = '0.12em'

/** The fonts the page drew its first visible Thai text in `<main>` with: family, and whether a web font. */
async function thaiTextFonts(page: Page): Promise<{ family: string; web: boolean }[]> {
  const marked = await page.evaluate(() => {
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    )
    while (walker.nextNode()) {
      const parent = walker.currentNode.parentElement
      if (
        parent?.checkVisibility() &&
        /[\u0E01-\u0E5B]/.test(walker.currentNode.textContent ?? '')
      ) {
        parent.setAttribute('data-font-probe', '')
        return true
      }
    }
    return false
  })
  if (!marked) return []
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument')
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '[data-font-probe]',
    })
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    return fonts.map((font) => ({ family: font.familyName, web: font.isCustomFont }))
  } finally {
    await cdp.detach()
    await page.evaluate(() =>
      document.querySelector('[data-font-probe]')?.removeAttribute('data-font-probe'),
    )
  }
}

/**
 * Opens `url` drawn as `drawing` says (with `ready` awaited after each
 * navigation, e.g. hydration) and checks that it was: its first Thai text
 * is drawn in the web font, or in none. Returns the families it was drawn with.
 */
export async function openDrawn(
  page: Page,
  url: string,
  drawing: Drawing,
  ready: (page: Page) => Promise<void>,
): Promise<string> {
  if (drawing === 'phone font') {
    await page.route(WEB_FONT_FILES, (route) => route.abort())
    await page.goto(url)
    await ready(page)
  } else {
    // A first view fetches the faces; the next draws with them from the cache.
    await page.goto(url)
    await ready(page)
    await page.evaluate(() => Promise.all([...document.fonts].map((face) => face.load())))
    await page.goto(url)
    await ready(page)
    if (drawing === 'wider font')
      await page.addStyleTag({
        content: `*, *::before, *::after { letter-spacing: ${WIDER} !important; }`,
      })
  }
  const fonts = await thaiTextFonts(page)
  const web = drawing !== 'phone font'
  if (fonts.length === 0 || fonts.some((font) => font.web !== web))
    throw new Error(
      `${url} (${drawing}): its Thai text is drawn in ${JSON.stringify(fonts)}, ` +
        `not ${web ? 'the web font' : 'a system font'}`,
    )
  return fonts.map((font) => font.family).join(', ')
}
