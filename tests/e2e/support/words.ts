/**
 * Two checks of the words a member reads, for the page walk
 * (a11y-walk.spec.ts) and any spec that wants them:
 *
 * - brokenWords: no control or label breaks a word across lines. Thai is
 *   written without spaces between words and the browser may break a line
 *   between any two dictionary entries (it breaks "คาสิโน" as "คาสิ|โน"), so
 *   a squeezed control splits a word in two. Checked: every button, link,
 *   label, summary and tab whose text is one run without spaces (a single
 *   Thai word or a number), and every number inside any of them.
 * - englishWords: no English a member reads. Text set in `translate="no"`
 *   (names: games, providers, banks, codes, the member's own username) and
 *   the few words of ALLOWED_LATIN are not English to translate; the seed's
 *   English error texts are allowed after their Thai (SEED_ENGLISH).
 */
import type { Page } from '@playwright/test'

/** The controls and labels whose words must not break. */
const CONTROLS = 'a[href], button, label, summary, [role="tab"], [role="button"], legend'

/** Each control or label whose one-word text, or a number in it, spans more than one line. */
export function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = []
    const NUMBER = /^[฿+-]?\d[\d,.:/-]*\S*$/
    /** Distinct lines a range's boxes sit on (boxes on one line overlap vertically). */
    const lines = (range: Range) => {
      const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
      const rows: { top: number; bottom: number }[] = []
      for (const box of boxes) {
        const mid = (box.top + box.bottom) / 2
        if (!rows.some((row) => mid > row.top && mid < row.bottom)) rows.push(box)
      }
      return rows.length
    }
    for (const control of document.querySelectorAll<HTMLElement>(selector)) {
      if (!control.checkVisibility?.() || control.closest('[aria-hidden="true"]')) continue
      const text = control.innerText.trim()
      if (!text) continue
      const oneWord = !/\s/.test(text)
      if (oneWord) {
        const range = document.createRange()
        // Only the text's own boxes: an icon or a badge beside it is no line of it.
        const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT)
        const texts: Text[] = []
        while (walker.nextNode()) {
          const node = walker.currentNode as Text
          // A name the backend gives (translate="no") may wrap between its words.
          if (node.data.trim() && !node.parentElement?.closest('[translate="no"]')) texts.push(node)
        }
        const first = texts[0]
        const last = texts[texts.length - 1]
        if (first && last) {
          range.setStart(first, 0)
          range.setEnd(last, last.length)
          if (lines(range) > 1) found.push(`"${text}" (${control.tagName.toLowerCase()})`)
        }
        continue
      }
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT)
      while (walker.nextNode()) {
        const node = walker.currentNode as Text
        for (const match of node.data.matchAll(/\S+/g)) {
          if (!NUMBER.test(match[0])) continue
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          if (lines(range) > 1) {
            found.push(`"${match[0]}" in "${text}" (${control.tagName.toLowerCase()})`)
          }
        }
      }
    }
    return found
  }, CONTROLS)
}

/** A Thai date as the app formats it: "28 พ.ย. 2569", "22 พฤศจิกายน 2569 20:55", "22 พ.ย. 69". */
const THAI_DATE_SOURCE =
  '\\d{1,2}[\\s\\u00a0]+(?:[\\u0E00-\\u0E7F]{1,3}\\.[\\u0E00-\\u0E7F]{1,2}\\.|[\\u0E00-\\u0E7F]{2,}(?:คม|ยน|พันธ์))[\\s\\u00a0]+\\d{2,4}(?:[\\s\\u00a0]+\\d{1,2}:\\d{2})?'
/** A short label: a text this long or shorter (a tile's title and blurb, a badge, a name). */
const SHORT_LABEL = 40

/**
 * Every date and every short label the page shows, not only controls:
 * - each date (THAI_DATE_SOURCE) in any text is on one line ("28|พ.ย. 2569"
 *   is one date read as two);
 * - in an element whose text is SHORT_LABEL characters or fewer, each run
 *   between spaces (a Thai word or phrase, a number) is on one line: a tile's
 *   blurb may wrap between its words, never inside one ("และยี่|กี"); a ZERO
 *   WIDTH SPACE marks a break between two words the text allows.
 * Text set in `translate="no"` (names the backend gives) is left to the browser.
 */
export function brokenLabels(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ dateSource, short }) => {
      const found: string[] = []
      const lines = (range: Range) => {
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
        const rows: { top: number; bottom: number }[] = []
        for (const box of boxes) {
          const mid = (box.top + box.bottom) / 2
          if (!rows.some((row) => mid > row.top && mid < row.bottom)) rows.push(box)
        }
        return rows.length
      }
      const broken = (node: Text, start: number, end: number) => {
        const range = document.createRange()
        range.setStart(node, start)
        range.setEnd(node, end)
        return lines(range) > 1
      }
      const date = new RegExp(dateSource, 'g')
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      while (walker.nextNode()) {
        const node = walker.currentNode as Text
        const parent = node.parentElement
        if (!parent || !node.data.trim()) continue
        if (
          parent.closest(
            'script, style, noscript, template, [translate="no"], [aria-hidden="true"]',
          )
        )
          continue
        if (!parent.checkVisibility?.()) continue
        // Text drawn in an SVG (a chart) never wraps.
        if (!(parent instanceof HTMLElement)) continue
        for (const match of node.data.matchAll(date)) {
          if (broken(node, match.index, match.index + match[0].length))
            found.push(`the date "${match[0]}" (${parent.tagName.toLowerCase()})`)
        }
        // The label: the nearest element that is not an inline piece of a longer text.
        let label: HTMLElement = parent
        while (
          label.parentElement &&
          getComputedStyle(label).display === 'inline' &&
          label.parentElement !== document.body
        )
          label = label.parentElement
        const text = label.innerText.trim()
        if (text.length > short) continue
        // A run between spaces, or between a space and a ZERO WIDTH SPACE (a break allowed).
        for (const match of node.data.matchAll(/[^\s\u200b]+/g)) {
          if (!/[\u0E00-\u0E7F\d]/.test(match[0]) || match[0].length < 2) continue
          if (broken(node, match.index, match.index + match[0].length))
            found.push(`"${match[0]}" in "${text}" (${label.tagName.toLowerCase()})`)
        }
      }
      return found
    },
    { dateSource: THAI_DATE_SOURCE, short: SHORT_LABEL },
  )
}

/**
 * Emoji a member's phone may show as boxes (a phone without an emoji font):
 * the app draws its own icons. Each emoji in the page's visible text.
 */
export function emojiShown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    // Drawn from an emoji font: emoji presentation by default, or asked for with U+FE0F
    // (▶ or © alone are text, drawn by the text's own font).
    const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\u{FE0F}/gu
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    while (walker.nextNode()) {
      const node = walker.currentNode as Text
      if (node.parentElement?.closest('script, style, template')) continue
      for (const [emoji] of node.data.matchAll(EMOJI))
        found.push(`${emoji} in "${node.data.trim().slice(0, 40)}"`)
    }
    return found
  })
}

/**
 * Latin words that are not English to translate: names Thai members read as
 * they are written: LINE, PromptPay, QR, OTP, SMS, THB, ID, PIN.
 */
export const ALLOWED_LATIN = ['LINE', 'PromptPay', 'QR', 'OTP', 'SMS', 'THB', 'ID', 'PIN']

/**
 * The seed's English error texts (the spec fixes them; app/lib/errors.ts):
 * allowed where Thai comes first on the page.
 */
export const SEED_ENGLISH = [
  'This page could not be found',
  'Internal Server Error',
  'Service Unavailable',
  'Bad Request',
  'Method Not Allowed',
]

/**
 * Latin-letter words a member reads: visible text, aria-labels, titles, alt
 * texts and placeholders, outside `translate="no"`, minus ALLOWED_LATIN; a
 * SEED_ENGLISH text only when it comes before any Thai on the page.
 */
export function englishWords(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ allowed, seed }) => {
      const found = new Set<string>()
      const THAI = /[\u0E00-\u0E7F]/
      const LATIN_WORD = /[A-Za-z]{2,}(?:['’][A-Za-z]+)?/g
      let thaiSeen = false
      const check = (text: string, where: string) => {
        let rest = text
        for (const sentence of seed) {
          const at = rest.indexOf(sentence)
          if (at >= 0) {
            const thaiBefore = thaiSeen || THAI.test(rest.slice(0, at))
            if (!thaiBefore) found.add(`"${sentence}" before any Thai (${where})`)
            rest = rest.replaceAll(sentence, ' ')
          }
        }
        for (const [token] of rest.matchAll(/\S+/g)) {
          // A run with a digit is a code or a masked number (WELCOME100, xxx-x-x7890), not English.
          if (/\d/.test(token)) continue
          for (const [word] of token.matchAll(LATIN_WORD)) {
            if (!allowed.includes(word))
              found.add(`${word} (${where}: "${text.trim().slice(0, 60)}")`)
          }
        }
        if (THAI.test(text)) thaiSeen = true
      }
      const visible = (el: Element) =>
        (el as HTMLElement).checkVisibility?.() !== false && !el.closest('[aria-hidden="true"]')
      const untranslated = (el: Element) => !!el.closest('[translate="no"]')
      // The tab's title: its own Thai must come first too.
      check(document.title, 'title')
      thaiSeen = false
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      while (walker.nextNode()) {
        const node = walker.currentNode as Text
        const parent = node.parentElement
        if (!parent || !node.data.trim()) continue
        if (parent.closest('script, style, noscript, template')) continue
        if (untranslated(parent)) continue
        // Screen-reader-only text (sr-only) counts: a member with a screen reader reads it.
        const hidden = !visible(parent) && !parent.closest('.sr-only')
        if (hidden) continue
        check(node.data, parent.tagName.toLowerCase())
      }
      for (const el of document.querySelectorAll(
        '[aria-label], [placeholder], [title], img[alt]',
      )) {
        if (untranslated(el) || !visible(el)) continue
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = el.getAttribute(name)
          if (value) check(value, `${el.tagName.toLowerCase()}[${name}]`)
        }
      }
      return [...found]
    },
    { allowed: ALLOWED_LATIN, seed: SEED_ENGLISH },
  )
}
