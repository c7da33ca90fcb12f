// Thai has no spaces between words and Chromium breaks between any two dictionary entries
// ("ยี่กี" became "ยี่|กี"; `word-break: keep-all` does not apply to Thai), differently per
// font: each run between spaces is one inline-block, and a ZERO WIDTH SPACE marks where a
// phrase may wrap. docs/decisions/0147 and 0149.
import { Fragment } from 'react'

const BREAK = /(\s+|\u200b)/

/** An inline-block does not take its parent's underline: each run draws it (`text-decoration: inherit`). */
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
