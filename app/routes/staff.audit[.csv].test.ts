import { describe, expect, it } from 'vitest'
import { csvCell } from './staff.audit[.csv]'

describe('csvCell', () => {
  it.each([
    '=HYPERLINK("http://x","y")',
    '+1+1',
    '-1+1',
    '@SUM(A1)',
    '|calc',
    '\t=1',
    '\r=1',
    ' =1+1',
    '\u3000=1+1',
    '＝1+1',
    '＋1',
    '－1',
    '＠SUM(A1)',
    '｜calc',
  ])('makes %j text, not a formula', (value) => {
    const cell = csvCell(value)
    expect(cell.startsWith(`"'`)).toBe(true)
  })

  it('leaves ordinary text and numbers as they are, quotes doubled', () => {
    expect(csvCell('สมาชิกแจ้ง "ยอดไม่เข้า"')).toBe('"สมาชิกแจ้ง ""ยอดไม่เข้า"""')
    expect(csvCell('/lotto?page=1')).toBe('"/lotto?page=1"')
    expect(csvCell(-5)).toBe('"-5"')
    expect(csvCell(null)).toBe('""')
  })
})
