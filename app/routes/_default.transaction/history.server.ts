// The URL is the state (works without JavaScript); a tampered value is dropped with a Thai note,
// never a 500. Dates become Thai text here, so the date library stays on the server.
import { redirect } from '@remix-run/node'
import { orMessage } from '~/backend/client.server'
import { transactionHistory } from '~/backend/wallet.server'
import {
  HISTORY_PAGE_SIZE,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  type HistoryQuery,
  type Transaction,
  type TransactionKind,
  type TransactionStatus,
} from '~/backend/wallet.schemas'
import { formatBaht } from '~/lib/money'
import {
  bangkokDay,
  choiceYears,
  formatThaiDay,
  formatThaiMoment,
  readDateChoice,
  withIsoDates,
} from '~/lib/thai-date-format'
import { TRANSACTION_STATUS_LABELS } from '~/ui/status-labels'
import { KIND_LABELS, ledgerAmount } from './history-labels'
import type { RouteContext } from '~/security/guard'

const MAX_PAGE = 10_000
const CHOICE_YEARS = 5

export const HISTORY_MESSAGES = {
  ignored: 'ตัวกรองบางค่าไม่ถูกต้อง ระบบจึงไม่ได้นำมาใช้',
  range: 'วันที่เริ่มต้นต้องไม่หลังวันที่สิ้นสุด ระบบจึงไม่ได้กรองตามช่วงวันที่',
} as const

export interface HistoryFilters {
  kind: TransactionKind | null
  status: TransactionStatus | null
  /** A reversed pair is kept but not applied. */
  from: string | null
  to: string | null
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value)

export function readHistoryQuery(url: URL): {
  filters: HistoryFilters
  page: number
  notes: string[]
} {
  const notes = new Set<string>()
  const param = (name: string) => url.searchParams.get(name)?.trim() ?? ''
  const pick = <T>(name: string, ok: (value: string) => boolean, as: (v: string) => T) => {
    const value = param(name)
    if (value === '') return null
    if (ok(value)) return as(value)
    notes.add(HISTORY_MESSAGES.ignored)
    return null
  }
  const kind = pick(
    'kind',
    (v) => oneOf(TRANSACTION_KINDS, v),
    (v) => v as TransactionKind,
  )
  const status = pick(
    'status',
    (v) => oneOf(TRANSACTION_STATUSES, v),
    (v) => v as TransactionStatus,
  )
  const day = (name: string) => {
    const value = readDateChoice(url.searchParams, name)
    if (value !== 'invalid') return value
    notes.add(HISTORY_MESSAGES.ignored)
    return null
  }
  const from = day('from')
  const to = day('to')
  // A range that ends before it starts stays chosen (the form shows it again, to be
  // corrected) but filters nothing: appliedRange leaves it out of the query.
  if (from && to && from > to) notes.add(HISTORY_MESSAGES.range)
  const page =
    pick('page', (v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_PAGE, Number) ?? 1
  return { filters: { kind, status, from, to }, page, notes: [...notes] }
}

export function appliedRange(filters: HistoryFilters): { from: string | null; to: string | null } {
  const { from, to } = filters
  return from && to && from > to ? { from: null, to: null } : { from, to }
}

export function historyHref(filters: HistoryFilters, page: number): string {
  const params = new URLSearchParams({ tab: 'history' })
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value)
  if (page > 1) params.set('page', String(page))
  return `/transaction?${params}`
}

function shownLine(line: Transaction) {
  return {
    id: line.id,
    kind: line.kind,
    kindLabel: KIND_LABELS[line.kind],
    status: line.status,
    statusLabel: TRANSACTION_STATUS_LABELS[line.status],
    note: line.note,
    amount: ledgerAmount(line),
    balanceAfterText: line.balanceAfter === null ? null : formatBaht(line.balanceAfter),
    atText: formatThaiMoment(line.at),
  }
}
export type HistoryLine = ReturnType<typeof shownLine>

const dayText = (day: string) => formatThaiDay(day, 'd MMM BBBB')

export async function loadHistory(ctx: RouteContext) {
  const { url } = ctx
  // The date choices' parts (the filter form sent) become `from=` / `to=`.
  const canonical = withIsoDates(url, ['from', 'to'])
  if (canonical) throw redirect(canonical)
  const { filters, page, notes } = readHistoryQuery(url)
  const range = appliedRange(filters)
  const query: HistoryQuery = {
    kind: filters.kind ?? undefined,
    status: filters.status ?? undefined,
    from: range.from ?? undefined,
    to: range.to ?? undefined,
    page,
    perPage: HISTORY_PAGE_SIZE,
  }
  const answer = await orMessage(transactionHistory(ctx, query))
  const pages = answer.value ? Math.max(1, Math.ceil(answer.value.total / answer.value.perPage)) : 1
  return {
    filters,
    notes,
    filtered: Object.values(filters).some((value) => value !== null),
    years: choiceYears(bangkokDay(Date.now()), CHOICE_YEARS),
    rangeText:
      range.from || range.to
        ? `${range.from ? dayText(range.from) : 'เริ่มต้น'} – ${range.to ? dayText(range.to) : 'ปัจจุบัน'}`
        : null,
    error: answer.error,
    result: answer.value && {
      lines: answer.value.items.map(shownLine),
      total: answer.value.total,
      page,
      pages,
      prev: page > 1 ? historyHref(filters, Math.min(page - 1, pages)) : null,
      next: page < pages ? historyHref(filters, page + 1) : null,
      first: historyHref(filters, 1),
    },
  }
}
