/**
 * A short label (a tile's title or blurb, a card's title, a link inside a
 * sentence) that wraps only between its words, in whichever Thai font the
 * phone draws it. Thai has no spaces between words and Chromium breaks a
 * line between any two entries of its dictionary, which does not know every
 * word ("ยี่กี" became "ยี่|กี"), and `word-break: keep-all` does not apply to
 * Thai; where the line fills depends on the font (the web font, or the
 * phone's own when it missed its window: Android's Noto Sans Thai, an
 * iPhone's Thonburi, TLWG's Loma on a Debian desktop), so a label that
 * wrapped between words in one font broke inside one in another
 * ("รับเครดิต|ฟรี" in Loma). So each run between spaces is set as one box
 * (`inline-block`): the line may break only at the spaces the text has, or
 * between two words joined by a ZERO WIDTH SPACE (U+200B) where a phrase
 * without spaces must be able to wrap ("ฟุตบอล\u200bและกีฬา"). A run wider
 * than the whole line (`max-w-full`) wraps inside rather than spill out of
 * its box; the walk flags it (tests/e2e/support/words.ts). Dates need
 * nothing: the date formatter joins their parts with no-break spaces
 * (~/lib/thai-date). docs/decisions/0147 and 0149.
 */
import { Fragment } from 'react'

/** Where a label may break: a space, or a ZERO WIDTH SPACE (U+200B) between two Thai words. */
const BREAK = /(\s+|\u200b)/

/**
 * A run's box. An inline-block does not take its parent's underline: a link's
 * (`.link`, hover:underline) is drawn by each run itself (`text-decoration: inherit`).
 */
const RUN = 'inline-block max-w-full [text-decoration:inherit]'

export function Words({ text }: { text: string }) {
  const runs = text.split(BREAK)
  return (
    <>
      {runs.map((run, i) =>
        i % 2 === 1 || run === '' ? (
          <Fragment key={i}>{run}</Fragment>
        ) : (
          <span key={i} className={RUN}>
            {run}
          </span>
        ),
      )}
    </>
  )
}
