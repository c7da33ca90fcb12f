import { describe, expect, it } from 'vitest'
import { withDrawText } from '~/lotto/text.server'

/** The line the lotto pages show: "งวด 1 ธ.ค. 69 · ปิดรับ 1 ธ.ค. 69 15:00 น." */
const line = (text: { label: string; closesText: string }) =>
  `${text.label} · ปิดรับ ${text.closesText} น.`.replaceAll('\u00a0', ' ')

describe('withDrawText', () => {
  it('the draw and its closing time on one line: one form of the Buddhist year', () => {
    const draw = { drawDate: '2026-12-01', round: null, closesAt: '2026-12-01T08:00:00Z' }
    expect(line(withDrawText(draw))).toBe('งวด 1 ธ.ค. 69 · ปิดรับ 1 ธ.ค. 69 15:00 น.')
    const round = { drawDate: '2026-11-23', round: 49, closesAt: '2026-11-23T16:55:00Z' }
    expect(line(withDrawText(round))).toBe('รอบที่ 49 · 23 พ.ย. 69 · ปิดรับ 23 พ.ย. 69 23:55 น.')
  })
})
