// The content module's list, kept a minute (decision 0045).
import { listNews } from '~/backend/content.server'
import { newsEntry, type NewsEntry } from '~/content/content-text.server'
import { NOT_FOUND_MESSAGE } from '~/lib/errors'
import { httpError } from '~/server/http-error.server'
import type { RouteContext } from '~/security/guard'

export async function loadPage({ request, params }: RouteContext): Promise<{
  news: NewsEntry[]
  item: NewsEntry | null
}> {
  const news = (await listNews(request.signal)).map(newsEntry)
  if (params.id === undefined) return { news, item: null }
  const item = news.find((entry) => entry.id === params.id)
  if (!item) throw httpError(404, NOT_FOUND_MESSAGE)
  return { news: [], item }
}
