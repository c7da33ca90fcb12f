/**
 * Latest news, readable right here: each item opens in place (<details>: no
 * script, keyboard and screen readers know it; docs/decisions/0047) and
 * links its own page (/news/:id) to read or share it.
 */
import { Link } from '@remix-run/react'
import type { NewsEntry } from '~/lib/content-text.server'

/** `newsPath`: /news (PAGES.news.path), passed in so this lazily loaded part keeps ~/lib/pages in the first-load file (decision 0148). */
export function NewsList({ news, newsPath }: { news: NewsEntry[]; newsPath: string }) {
  if (news.length === 0) return <p className="text-sm text-slate-300">ยังไม่มีข่าวสารใหม่</p>
  return (
    <ul className="card divide-y divide-night-700 p-0">
      {news.map((item) => (
        <li key={item.id}>
          <details className="group">
            <summary className="flex min-h-11 cursor-pointer list-none items-start gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
              <span className="min-w-0 flex-1">
                <span className="block font-bold leading-snug">{item.title}</span>
                <time dateTime={item.publishedAt} className="block text-xs text-slate-300">
                  {item.date}
                </time>
              </span>
              <span
                aria-hidden="true"
                className="mt-1 text-slate-300 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              >
                ▾
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
