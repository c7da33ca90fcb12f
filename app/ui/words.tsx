/**
 * A short label (a tile's title or blurb, a link inside a sentence) that
 * wraps only between its words. Thai has no spaces between words and
 * Chromium breaks a line between any two entries of its dictionary, which
 * does not know every word ("ยี่กี" became "ยี่|กี"), and `word-break:
 * keep-all` does not apply to Thai: so each run between spaces is set on one
 * line (`white-space: nowrap`), and the line may break only at the spaces the
 * text has, or between two words joined by a ZERO WIDTH SPACE (U+200B) where a
 * phrase without spaces must be able to wrap ("ฟุตบอล\u200bและกีฬา"). Dates need nothing: the date formatter joins their parts with
 * no-break spaces (~/lib/thai-date). docs/decisions/0147-short-labels-and-dates-keep-their-words.md.
 */
import { Fragment } from 'react'

/** Where a label may break: a space, or a ZERO WIDTH SPACE (U+200B) between two Thai words. */
const BREAK = /(\s+|\u200b)/

export function Words({ text }: { text: string }) {
  const runs = text.split(BREAK)
  return (
    <>
      {runs.map((run, i) =>
        i % 2 === 1 || run === '' ? (
          <Fragment key={i}>{run}</Fragment>
        ) : (
          <span key={i} className="whitespace-nowrap">
            {run}
          </span>
        ),
      )}
    </>
  )
}
