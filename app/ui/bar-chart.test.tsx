// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { BarChart, CHART_WIDTH, chartLabel, chartRows } from '~/ui/bar-chart'

afterEach(cleanup)

const bars = [
  { label: 'พฤศจิกายน 2569', value: 200, text: '฿200.00' },
  { label: 'ตุลาคม 2569', value: 50, text: '฿50.00' },
  { label: 'กันยายน 2569', value: 0, text: '฿0.00' },
]

describe('chartRows', () => {
  it('scales to the largest value, one row under another', () => {
    const rows = chartRows(bars)
    expect(rows.map((r) => r.fill)).toEqual([CHART_WIDTH, CHART_WIDTH / 4, 0])
    expect(rows.map((r) => r.y)).toEqual([0, 36, 72])
  })

  it('scales to a given end (a target) and caps at the track', () => {
    expect(chartRows([{ label: 'a', value: 1250, text: '' }], 3000)[0]?.fill).toBeCloseTo(133.3, 1)
    expect(chartRows([{ label: 'a', value: 4000, text: '' }], 3000)[0]?.fill).toBe(CHART_WIDTH)
  })

  it('shows a tiny value as a sliver, and nothing for zero, negatives or no scale', () => {
    expect(chartRows([bars[0]!, { label: 'b', value: 0.1, text: '' }])[1]?.fill).toBe(3)
    expect(chartRows([{ label: 'a', value: -5, text: '' }])[0]?.fill).toBe(0)
    expect(chartRows([{ label: 'a', value: 0, text: '' }])[0]?.fill).toBe(0)
    expect(chartRows([{ label: 'a', value: 5, text: '' }], 0)[0]?.fill).toBe(0)
  })
})

describe('BarChart', () => {
  it('is one image named in Thai with every value, and a table of the numbers', () => {
    render(<BarChart title="ค่าคอมมิชชันรายเดือน" bars={bars} headers={['เดือน', 'คอมมิชชัน']} />)
    const image = screen.getByRole('img')
    expect(image.getAttribute('aria-label')).toBe(chartLabel('ค่าคอมมิชชันรายเดือน', bars))
    expect(image.getAttribute('aria-label')).toContain('ตุลาคม 2569 ฿50.00')
    const table = screen.getByRole('table', { name: 'ค่าคอมมิชชันรายเดือน' })
    expect(table.className).toContain('sr-only')
    expect(within(table).getByRole('rowheader', { name: 'ตุลาคม 2569' })).toBeTruthy()
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['฿200.00', '฿50.00', '฿0.00'])
  })

  it('points at the page’s own table instead of hiding another', () => {
    render(<BarChart title="t" bars={bars} headers={['a', 'b']} tableId="commission-table" />)
    expect(screen.getByRole('img').getAttribute('aria-describedby')).toBe('commission-table')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('is plain server markup: no script, no event handlers', () => {
    const html = renderToStaticMarkup(<BarChart title="t" bars={bars} headers={['a', 'b']} />)
    expect(html).toMatch(/^<figure/)
    expect(html).toContain('<svg role="img"')
    expect(html).not.toMatch(/<script|on[a-z]+=/i)
  })
})
