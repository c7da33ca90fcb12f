// <details>: no script, and keyboards and screen readers know it (docs/decisions/0047).
import { Link } from '@remix-run/react'
import type { NewsEntry } from '~/content/content-text.server'
import type { Words as WordsType } from '~/ui/words'

/** Passed in so this lazily loaded part keeps ~/lib/pages and ~/ui/words in the first-load file (decision 0148). */
export function NewsList({
  news,
  newsPath,
  Words,
}: {
  news: NewsEntry[]
  newsPath: string
  Words: typeof WordsType
}) {
  if (news.length === 0) return <p className="text-sm text-slate-300">ยังไม่มีข่าวสารใหม่</p>
  return (
    <ul className="card divide-y divide-night-700 p-0">
      {news.map((item) => (
        <li key={item.id}>
          <details className="group">
            {/* The title has the whole width: beside the marker, a phone's own Thai font
                (wider than the web font) could not keep "กำหนดออกรางวัลหวยรัฐบาลเดือนนี้"
                whole (decision 0149). The marker sits on the date's line. */}
            <summary className="block min-h-11 cursor-pointer list-none px-4 py-3 [&::-webkit-details-marker]:hidden">
              <span className="block font-bold leading-snug">
                <Words text={item.title} />
              </span>
              <span className="flex items-center justify-between gap-3">
                <time dateTime={item.publishedAt} className="text-xs text-slate-300">
                  {item.date}
                </time>
                <span
                  aria-hidden="true"
                  className="text-slate-300 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                >
                  ▾
                </span>
              </span>
            </summary>
            <div className="space-y-2 px-4 pb-4 text-sm leading-relaxed text-slate-200">
              {item.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
              <p>
                <Link to={`${newsPath}/${encodeURIComponent(item.id)}`} className="link">
                  อ่านข่าวนี้ในหน้าข่าวสาร
                </Link>
              </p>
            </div>
          </details>
        </li>
      ))}
    </ul>
  )
}
