import { describe, expect, it } from 'vitest'
import type { MemberEvent } from '~/backend/events.schemas'
import { pushPayloadSchema } from '~/backend/push.schemas'
import { notificationText, pushPayloadOf, toastFor } from './event-text.server'

const at = '2026-11-27T15:28:00+07:00'

describe('event texts', () => {
  it('says a win, a paid deposit and a rejected withdrawal as toasts, with ids the pages share', () => {
    expect(
      toastFor({
        type: 'stake',
        at,
        stakeId: 7,
        lottoName: 'หวยฮานอย',
        status: 'won',
        winnings: 920,
      }),
    ).toEqual({ type: 'success', message: 'ยินดีด้วย! ถูกรางวัลหวยฮานอย ฿920.00', id: 'stake-won-7' })
    expect(toastFor({ type: 'order', at, orderId: 3, status: 'paid', amount: 300 })?.id).toBe(
      'order-paid-3',
    )
    expect(
      toastFor({ type: 'withdrawal', at, withdrawalId: 'T1', status: 'rejected', amount: 500 }),
    ).toMatchObject({ type: 'error', message: 'รายการถอน ฿500.00 ไม่สำเร็จ คืนเงินเข้ากระเป๋าแล้ว' })
  })

  it('makes no toast of a balance change, a lost slip or promotion progress', () => {
    const quiet: MemberEvent[] = [
      { type: 'balance', at, balance: 1 },
      { type: 'stake', at, stakeId: 1, lottoName: 'x', status: 'lost', winnings: 0 },
      { type: 'promotion', at, promotionId: 'p', title: 'โปร', progress: 10 },
    ]
    for (const event of quiet) expect(toastFor(event)).toBeNull()
  })

  it('tells the member in Thai that support looked at the account, for which ticket and when', () => {
    const event: MemberEvent = {
      type: 'support-watch',
      at,
      ticket: 'T-1024',
      startedAt: '2026-11-27T15:00:00+07:00',
      endedAt: '2026-11-27T15:12:00+07:00',
    }
    expect(notificationText(event)).toEqual({
      title: 'เจ้าหน้าที่ดูแลบัญชีของคุณแล้ว',
      text: 'ฝ่ายบริการสมาชิกเปิดดูบัญชีของคุณ (อ่านอย่างเดียว) เพื่อแก้ปัญหาตามเรื่อง #T-1024 เมื่อ 27\u00a0พ.ย.\u00a02569\u00a015:00',
      to: '/notifications',
      tone: 'info',
    })
    expect(notificationText({ ...event, ticket: '#T-1024' }).text).toContain('เรื่อง #T-1024 ')
    expect(toastFor(event)).toBeNull()
  })

  it('gives every toast an id a toast may carry', () => {
    const cashback = toastFor({ type: 'cashback', at, amount: 55 })
    expect(cashback?.id).toMatch(/^[\w-]{1,32}$/)
  })

  it('leads each notification to its page', () => {
    expect(
      notificationText({ type: 'order', at, orderId: 3, status: 'expired', amount: 300 }),
    ).toMatchObject({
      to: '/order/3',
      tone: 'bad',
    })
    expect(notificationText({ type: 'cashback', at, amount: 55 }).to).toBe('/cashback')
  })

  it('makes a push of a win, a paid deposit, a withdrawal and cashback: the list’s words, its link, the toast’s tag', () => {
    const win: MemberEvent = {
      type: 'stake',
      at,
      stakeId: 7,
      lottoName: 'หวยฮานอย',
      status: 'won',
      winnings: 920,
    }
    expect(pushPayloadOf(win)).toEqual({
      title: 'ถูกรางวัลหวยฮานอย',
      body: 'โพย #7 ได้รับ ฿920.00',
      url: '/lotto?tab=history',
      tag: 'stake-won-7',
      kind: 'win',
    })
    const others: MemberEvent[] = [
      { type: 'order', at, orderId: 3, status: 'paid', amount: 300 },
      { type: 'withdrawal', at, withdrawalId: 'T1', status: 'paid', amount: 500 },
      { type: 'withdrawal', at, withdrawalId: 'T2', status: 'rejected', amount: 500 },
      { type: 'cashback', at, amount: 12.5 },
    ]
    expect(others.map((event) => pushPayloadOf(event)?.kind)).toEqual([
      'deposit',
      'withdrawal',
      'withdrawal',
      'cashback',
    ])
    for (const event of [win, ...others]) pushPayloadSchema.strict().parse(pushPayloadOf(event))
  })

  it('pushes no balance change, lost slip, expired order, promotion progress or support watch', () => {
    const quiet: MemberEvent[] = [
      { type: 'balance', at, balance: 1 },
      { type: 'stake', at, stakeId: 1, lottoName: 'x', status: 'lost', winnings: 0 },
      { type: 'order', at, orderId: 3, status: 'expired', amount: 300 },
      { type: 'promotion', at, promotionId: 'p', title: 'โปร', progress: 10 },
      { type: 'support-watch', at, ticket: 'T-1', startedAt: at, endedAt: at },
    ]
    for (const event of quiet) expect(pushPayloadOf(event)).toBeNull()
  })
})
