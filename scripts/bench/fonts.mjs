/**
 * Which of the four web-font files (Noto Sans Thai, Thai and Latin subsets,
 * 400 and 700) the first screen of a page draws with (decision 0148): in
 * Chromium on a 360 x 780 phone viewport, every text node whose box meets the
 * first screen is read with its computed font weight and family; a
 * character in the Thai subset's range needs the Thai file of that weight,
 * a character in the Latin subset's range the Latin file (a space or a digit
 * is Latin). A weight of 600 or more is drawn with the 700 face, as the
 * browser's font matching picks it from our two weights.
 */

/** The subsets' unicode ranges, as app/tailwind.css declares them (the parts that text meets). */
const THAI_RANGES = [
  [0x02d7, 0x02d7],
  [0x0303, 0x0303],
  [0x0331, 0x0331],
  [0x0e01, 0x0e5b],
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
]
const LATIN_RANGES = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
]
const inRanges = (ranges) => (text) =>
  [...text].some((ch) => {
    const code = ch.codePointAt(0) ?? 0
    return ranges.some(([from, to]) => code >= from && code <= to)
  })
const THAI = { test: inRanges(THAI_RANGES) }
const LATIN = { test: inRanges(LATIN_RANGES) }

/**
 * The faces the first screen of `pageUrl` uses, each with the first screen's
 * texts that need it: { 'thai-400': ['เข้าสู่ระบบ', ...], 'latin-700': [...] }.
 * A text of spaces and Thai needs the Latin face for its spaces: those are
 * listed apart, as `spaces only`.
 */
export async function firstScreenFaces(browser, pageUrl, { cookie } = {}) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  })
  try {
    if (cookie) await context.setExtraHTTPHeaders({ Cookie: cookie })
    const page = await context.newPage()
    await page.goto(pageUrl, { waitUntil: 'load' })
    const texts = await page.evaluate(() => {
      const found = []
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      const range = document.createRange()
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        if (!text.trim()) continue
        const parent = node.parentElement
        if (!parent) continue
        const style = getComputedStyle(parent)
        if (style.visibility === 'hidden' || style.display === 'none') continue
        range.selectNodeContents(node)
        const visible = [...range.getClientRects()].some(
          (r) =>
            r.width > 0 &&
            r.height > 0 &&
            r.bottom > 0 &&
            r.top < window.innerHeight &&
            r.right > 0 &&
            r.left < window.innerWidth,
        )
        if (!visible) continue
        found.push({ text, weight: Number(style.fontWeight), family: style.fontFamily })
      }
      return found
    })
    const faces = {}
    const add = (face, text) => (faces[face] ??= []).push(text.trim().slice(0, 30))
    for (const { text, weight, family } of texts) {
      if (!/Noto Sans Thai/i.test(family)) continue
      const w = weight >= 600 ? 700 : 400
      if (THAI.test(text)) add(`thai-${w}`, text)
      if (LATIN.test(text.trim())) add(`latin-${w}`, text)
      else if (LATIN.test(text)) add(`latin-${w} (spaces only)`, text)
    }
    return faces
  } finally {
    await context.close()
  }
}

export async function launchChromium() {
  const { chromium } = await import('@playwright/test')
  const { existsSync } = await import('node:fs')
  return chromium.launch(
    existsSync('/usr/bin/chromium')
      ? {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
        }
      : {},
  )
}
