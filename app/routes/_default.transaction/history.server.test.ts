import { describe, expect, it } from 'vitest'
import { appliedRange, HISTORY_MESSAGES, historyHref, readHistoryQuery } from './history.server'

const read = (query: string) =>
  readHistoryQuery(new URL(`http://x/transaction?tab=history&${query}`))

describe('readHistoryQuery', () => {
  it('reads the filters and the page of the URL', () => {
    expect(read('kind=withdraw&status=pending&from=2026-11-01&to=2026-11-23&page=2')).toEqual({
      filters: { kind: 'withdraw', status: 'pending', from: '2026-11-01', to: '2026-11-23' },
      page: 2,
      notes: [],
    })
    expect(read('kind=&status=&from=&to=')).toEqual({
      filters: { kind: null, status: null, from: null, to: null },
      page: 1,
      notes: [],
    })
  })

  it('drops tampered values with a Thai note', () => {
    for (const query of [
      'kind=cash',
      'status=PAID',
      'from=2026-02-30',
      'to=yesterday',
      'page=0',
      'page=-1',
      'page=1e3',
      'page=99999999',
    ]) {
      const { filters, page, notes } = read(query)
      expect(filters).toEqual({ kind: null, status: null, from: null, to: null })
      expect(page).toBe(1)
      expect(notes).toEqual([HISTORY_MESSAGES.ignored])
    }
  })

  it('reads the date choices’ parts (day, month, Buddhist-era year)', () => {
    expect(
      read('fromDay=1&fromMonth=11&fromYear=2569&toDay=23&toMonth=11&toYear=2569').filters,
    ).toMatchObject({ from: '2026-11-01', to: '2026-11-23' })
    expect(read('fromDay=31&fromMonth=2&fromYear=2569')).toMatchObject({
      filters: { from: null },
      notes: [HISTORY_MESSAGES.ignored],
    })
  })

  it('keeps a range that ends before it starts for the form, and filters by neither day', () => {
    const { filters, notes } = read('from=2026-11-20&to=2026-11-01')
    // What the member chose stays chosen (the six selects show it again) ...
    expect(filters).toMatchObject({ from: '2026-11-20', to: '2026-11-01' })
    expect(notes).toEqual([HISTORY_MESSAGES.range])
    // ... and the backend is asked without the range.
    expect(appliedRange(filters)).toEqual({ from: null, to: null })
    expect(appliedRange({ ...filters, from: '2026-11-01', to: '2026-11-20' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
    })
  })
})

describe('helpers', () => {
  it('links pages', () => {
    expect(historyHref({ kind: 'deposit', status: null, from: null, to: null }, 2)).toBe(
      '/transaction?tab=history&kind=deposit&page=2',
    )
    expect(historyHref({ kind: null, status: null, from: null, to: null }, 1)).toBe(
      '/transaction?tab=history',
    )
  })
})
