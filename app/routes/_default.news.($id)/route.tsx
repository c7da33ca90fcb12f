import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageMeta, siteMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { EmptyState } from '~/ui/states'
import { BackLink } from '~/ui/back-link'
import { loadPage } from './page.server'
import { Words } from '~/ui/words'

const page = PAGES.news
const NEWS_ID = /^[A-Za-z0-9_-]{1,64}$/

export const loader = (args: LoaderFunctionArgs) =>
  guard(
    args,
    {
      access: page.access,
      validate: ({ params }) => params.id === undefined || NEWS_ID.test(params.id),
    },
    loadPage,
  )

export const meta = ({
  data,
  error,
}: {
  data?: { item?: { title: string } | null }
  error?: unknown
}) =>
  error
    ? pageMeta(page.title)({ error })
    : siteMeta(data?.item ? `${data.item.title} | ${page.title}` : page.title)

export default function News() {
  const { news, item } = useLoaderData<typeof loader>()
  if (item) {
    return (
      <article className="space-y-4">
        <BackLink to={page.path}>{page.title}ทั้งหมด</BackLink>
        <h1 className="break-words text-2xl font-bold">
          <Words text={item.title} />
        </h1>
        <p className="text-sm text-slate-300">
          เผยแพร่เมื่อ <time dateTime={item.publishedAt}>{item.date}</time>
        </p>
        <div className="card space-y-3 leading-relaxed text-slate-200">
          {item.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </article>
    )
  }
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {news.length === 0 ? (
        <EmptyState title="ยังไม่มีข่าวสารใหม่" />
      ) : (
        <ul className="card divide-y divide-night-700 p-0">
          {news.map((entry) => (
            <li key={entry.id}>
              <Link
                to={`${page.path}/${encodeURIComponent(entry.id)}`}
                className="block px-4 py-3 hover:bg-night-800"
              >
                <span className="block font-bold leading-snug">
                  <Words text={entry.title} />
                </span>
                <time dateTime={entry.publishedAt} className="block text-xs text-slate-300">
                  {entry.date}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
