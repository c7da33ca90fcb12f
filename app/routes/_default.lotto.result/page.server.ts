// A bad query is a Thai message with its status, never an error page (decision 0060).
import { data, redirect } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { dayResults, pastDraws } from '~/backend/lotto-results.server'
import type { DayResults, Draw, LottoGroup } from '~/backend/lotto.schemas'
import { lottoTypes } from '~/backend/lotto.server'
import { parseResultQuery, prizeLabel, RESULT_MESSAGES } from '~/lotto/results'
import { PAGES } from '~/lib/pages'
import { bangkokDay, choiceYears, formatThaiDay, withIsoDates } from '~/lib/thai-date-format'
import type { RouteContext } from '~/security/guard'

const page = PAGES.lottoResult
const PAST_LIMIT = 12
const CHOICE_YEARS = 10

export interface TypeInfo {
  id: string
  name: string
  group: LottoGroup
  nextDrawId: string | null
}

export interface ResultView {
  types: TypeInfo[]
  lottoId: string
  date: string | null
  years: number[]
  message: string | null
  day: DayResults | null
  past: Draw[] | null
  pastError: string | null
  /** Made on the server: no date-fns in the browser. */
  dates: Record<string, string>
  share: { title: string; description: string } | null
}

const messageOf = (error: unknown) => {
  if (error instanceof BackendError) return error
  throw error
}

export async function loadPage({ url, request }: RouteContext) {
  // The date choice's parts (a form sent) become the short `date=YYYY-MM-DD`.
  const canonical = withIsoDates(url, ['date'])
  if (canonical) throw redirect(canonical)
  const today = bangkokDay(Date.now())
  const view: ResultView = {
    types: [],
    lottoId: '',
    date: null,
    years: choiceYears(today, CHOICE_YEARS),
    message: null,
    day: null,
    past: null,
    pastError: null,
    dates: {},
    share: null,
  }
  try {
    view.types = (await lottoTypes(request.signal)).map((type) => ({
      id: type.id,
      name: type.name,
      group: type.group,
      nextDrawId: type.status === 'open' ? (type.nextDraw?.id ?? null) : null,
    }))
  } catch (error) {
    const failure = messageOf(error)
    return data({ ...view, message: failure.message }, { status: 503 })
  }
  const query = parseResultQuery(
    url.searchParams,
    view.types.map((type) => type.id),
    today,
  )
  view.lottoId = query.lottoId
  view.date = query.ok ? query.date : null
  // Settles, never rejects: a rejection nobody awaits (the member went away) stops Node.
  const past = pastDraws(query.lottoId, PAST_LIMIT, request.signal).then(
    (draws) => ({ draws }),
    (error: unknown) => ({ error }),
  )
  let status = 200
  if (!query.ok) {
    view.message = query.message
    status = query.status
  } else {
    try {
      view.day = await dayResults(query.lottoId, query.date, request.signal)
      view.date = view.day.drawDate
    } catch (error) {
      const failure = messageOf(error)
      view.message = failure.status === 404 ? RESULT_MESSAGES.noDraw : failure.message
      status = failure.status === 404 ? 404 : 503
    }
  }
  const pastAnswer = await past
  if ('error' in pastAnswer) view.pastError = messageOf(pastAnswer.error).message
  else view.past = pastAnswer.draws
  const shown = [
    ...(view.day ? [view.day.drawDate] : []),
    ...(view.day?.draws.map((entry) => entry.draw.drawDate) ?? []),
    ...(view.past?.map((draw) => draw.drawDate) ?? []),
  ]
  view.dates = Object.fromEntries(shown.map((date) => [date, formatThaiDay(date)]))
  view.share = shareText(view)
  return data(view, { status })
}

function shareText(view: ResultView): ResultView['share'] {
  const type = view.types.find((candidate) => candidate.id === view.lottoId)
  const day = view.day
  if (!type || !day) return null
  const when = view.dates[day.drawDate] ?? day.drawDate
  const latest = [...day.draws].reverse().find((entry) => entry.result)?.result
  const numbers = latest?.prizes
    .slice(0, 4)
    .map((prize) => `${prizeLabel(prize.key, type.group)} ${prize.numbers.join(' ')}`)
    .join(' ')
  return {
    title: `${page.title} ${type.name} งวดวันที่ ${when}`,
    description: latest
      ? `ตรวจผล${type.name} งวดวันที่ ${when}: ${numbers}`
      : `ผล${type.name} งวดวันที่ ${when} ยังไม่ออก ติดตามผลรางวัลได้ที่นี่`,
  }
}
