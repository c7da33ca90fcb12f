/**
 * The demo wallet's withdrawals and history (docs/backend-api.md, "Wallet:
 * withdrawals and history"): where a member's withdrawals go and how much may
 * still leave today, placing a withdrawal (checked against the configuration's
 * limits, the balance and the daily limit; idempotent; the money is held in
 * the ledger at once), and the member's ledger filtered and paged. The
 * /__mock/ controls pay or reject a withdrawal and move the daily limit.
 * `seedWalletHistory` gives the seed members a believable past.
 */
import { z } from 'zod'
import { envelope, errorCodes, type ErrorCode } from '../../app/backend/schemas'
import {
  historyQuerySchema,
  historyResponseSchema,
  transactionSchema,
  withdrawInfoResponseSchema,
  withdrawRequestSchema,
  withdrawResponseSchema,
  type HistoryPage,
  type TransactionKind,
  type WithdrawAnswer,
  type WithdrawInfo,
} from '../../app/backend/wallet.schemas'
import { ApiError, dataReply, validate } from './http'
import { IdempotentReplies } from './idempotency'
import { round2, type Ledger } from './ledger'
import { jsonBody, type RequestContext, type Route } from './router'
import { THAI_BANKS, type DemoMember, type MockState } from './state'

/** All withdrawals of one Bangkok day together, per member (baht). */
export const DEFAULT_DAILY_WITHDRAW_LIMIT = 50_000

const DAY_MS = 86_400_000
const BANGKOK_OFFSET_MS = 7 * 3_600_000

/** The Bangkok day (YYYY-MM-DD) of a moment. */
export function bangkokDay(ms: number): string {
  return new Date(ms + BANGKOK_OFFSET_MS).toISOString().slice(0, 10)
}

/** What the demo remembers of withdrawals besides the ledger. */
export class WithdrawalDesk {
  dailyLimit = DEFAULT_DAILY_WITHDRAW_LIMIT
  readonly replies = new IdempotentReplies<WithdrawAnswer>()

  reset(): void {
    this.dailyLimit = DEFAULT_DAILY_WITHDRAW_LIMIT
    this.replies.reset()
  }
}

/** Baht withdrawn today (Bangkok) that still counts: pending or paid. */
export function withdrawnToday(ledger: Ledger, memberId: number, now: number): number {
  const today = bangkokDay(now)
  const lines = ledger
    .ofMember(memberId)
    .filter(
      (line) =>
        line.kind === 'withdraw' &&
        line.at.slice(0, 10) === today &&
        (line.status === 'pending' || line.status === 'success'),
    )
  return round2(lines.reduce((sum, line) => sum - line.amount, 0))
}

export function withdrawInfo(state: MockState, member: DemoMember, now: number): WithdrawInfo {
  const stored = state.bankAccounts.get(member.id)
  const bank = stored && THAI_BANKS.find((b) => b.code === stored.bankCode)
  const dailyLimit = state.wallet.dailyLimit
  return {
    account:
      stored && bank
        ? {
            bankCode: bank.code,
            bankName: bank.name,
            accountNumber: stored.accountNumber,
            accountName: stored.accountName,
          }
        : null,
    balance: member.balance,
    dailyLimit,
    dailyLeft: Math.max(0, round2(dailyLimit - withdrawnToday(state.ledger, member.id, now))),
  }
}

const refuse = (code: ErrorCode, message: string) => new ApiError(422, code, message)

/** Checks and places a withdrawal (the ApiError of the first rule it breaks). */
export function placeWithdrawal(
  state: MockState,
  member: DemoMember,
  amount: number,
  now: number,
): WithdrawAnswer {
  const info = withdrawInfo(state, member, now)
  const { min, max } = state.appConfig.limits.withdraw
  if (!info.account) throw refuse(errorCodes.noBankAccount, 'No registered bank account')
  if (!Number.isInteger(amount) || amount <= 0) {
    throw refuse(errorCodes.badAmount, 'Whole baht only')
  }
  if (amount < min) throw refuse(errorCodes.amountTooLow, `At least ${min}`)
  if (amount > max) throw refuse(errorCodes.amountTooHigh, `At most ${max}`)
  if (amount > member.balance) throw refuse(errorCodes.balanceLow, 'More than the balance')
  if (amount > info.dailyLeft) {
    throw refuse(errorCodes.dailyLimit, `Only ${info.dailyLeft} left today`)
  }
  const withdrawal = state.ledger.post(member, {
    kind: 'withdraw',
    amount: -amount,
    note: `ถอนเข้าบัญชี${info.account.bankName}`,
    status: 'pending',
    hold: true,
    at: now,
  })
  return { withdrawal, balance: member.balance }
}

/** The member's lines matching the query, newest first, one page of them. */
export function historyPage(
  ledger: Ledger,
  memberId: number,
  query: z.output<typeof historyQuerySchema>,
): HistoryPage {
  const matching = ledger.ofMember(memberId).filter((line) => {
    const day = line.at.slice(0, 10)
    return (
      (query.kind === undefined || line.kind === query.kind) &&
      (query.status === undefined || line.status === query.status) &&
      (query.from === undefined || day >= query.from) &&
      (query.to === undefined || day <= query.to)
    )
  })
  const start = (query.page - 1) * query.perPage
  return {
    items: matching.slice(start, start + query.perPage),
    page: query.page,
    perPage: query.perPage,
    total: matching.length,
  }
}

// ---------------------------------------------------------------------------
// The seed's past: believable lines over the last month that end exactly on
// the seed balance (tests rely on demo's ฿1,520.50).

interface SeedLine {
  daysAgo: number
  time: string
  kind: TransactionKind
  amount: number
  note: string
  /** A withdrawal the bank refused: held, then given back. */
  failed?: true
}

const DEMO_HISTORY: readonly SeedLine[] = [
  { daysAgo: 30, time: '10:15', kind: 'deposit', amount: 1000, note: 'ฝากผ่านพร้อมเพย์' },
  { daysAgo: 30, time: '10:16', kind: 'bonus', amount: 100, note: 'โบนัสสมาชิกใหม่' },
  { daysAgo: 29, time: '19:40', kind: 'stake', amount: -200, note: 'แทงหวยฮานอย' },
  { daysAgo: 28, time: '20:05', kind: 'winnings', amount: 180, note: 'ถูกรางวัลหวยฮานอย' },
  { daysAgo: 26, time: '12:00', kind: 'deposit', amount: 2000, note: 'ฝากผ่านโอนเงินธนาคาร' },
  { daysAgo: 25, time: '21:10', kind: 'stake', amount: -300, note: 'แทงหวยรัฐบาลไทย' },
  { daysAgo: 24, time: '09:30', kind: 'withdraw', amount: -1500, note: 'ถอนเข้าบัญชีธนาคารกสิกรไทย' },
  { daysAgo: 22, time: '14:20', kind: 'stake', amount: -100, note: 'แทงหวยลาว' },
  { daysAgo: 21, time: '08:00', kind: 'cashback', amount: 35.5, note: 'คืนยอดเสียประจำสัปดาห์' },
  { daysAgo: 20, time: '18:45', kind: 'deposit', amount: 500, note: 'ฝากผ่านพร้อมเพย์' },
  { daysAgo: 19, time: '20:30', kind: 'stake', amount: -150, note: 'แทงหวยฮานอย' },
  { daysAgo: 18, time: '11:00', kind: 'coupon', amount: 50, note: 'คูปอง WELCOME50' },
  {
    daysAgo: 16,
    time: '16:10',
    kind: 'withdraw',
    amount: -1000,
    note: 'ถอนเข้าบัญชีธนาคารกสิกรไทย (ธนาคารปฏิเสธ คืนเงินแล้ว)',
    failed: true,
  },
  { daysAgo: 15, time: '22:00', kind: 'stake', amount: -120, note: 'แทงหวยลาว' },
  { daysAgo: 14, time: '07:30', kind: 'reward', amount: 20, note: 'รางวัลวงล้อนำโชค' },
  { daysAgo: 12, time: '13:15', kind: 'deposit', amount: 1000, note: 'ฝากผ่านพร้อมเพย์' },
  { daysAgo: 11, time: '19:00', kind: 'stake', amount: -250, note: 'แทงหวยฮานอย' },
  { daysAgo: 10, time: '20:30', kind: 'winnings', amount: 900, note: 'ถูกรางวัลหวยฮานอย' },
  { daysAgo: 9, time: '10:00', kind: 'withdraw', amount: -2000, note: 'ถอนเข้าบัญชีธนาคารกสิกรไทย' },
  { daysAgo: 7, time: '15:30', kind: 'commission', amount: 45, note: 'ค่าคอมมิชชันแนะนำเพื่อน' },
  { daysAgo: 6, time: '21:45', kind: 'stake', amount: -90, note: 'แทงหวยรัฐบาลไทย' },
  { daysAgo: 5, time: '12:40', kind: 'deposit', amount: 300, note: 'ฝากผ่านโอนเงินธนาคาร' },
  { daysAgo: 4, time: '20:20', kind: 'stake', amount: -100, note: 'แทงหวยฮานอย' },
  { daysAgo: 3, time: '09:10', kind: 'deposit', amount: 500, note: 'ฝากผ่านพร้อมเพย์' },
  { daysAgo: 2, time: '18:00', kind: 'bonus', amount: 50, note: 'โบนัสฝากรายวัน' },
  { daysAgo: 1, time: '11:30', kind: 'withdraw', amount: -350, note: 'ถอนเข้าบัญชีธนาคารกสิกรไทย' },
]

const SOMSRI_HISTORY: readonly SeedLine[] = [
  { daysAgo: 8, time: '09:00', kind: 'deposit', amount: 300, note: 'ฝากผ่านพร้อมเพย์' },
  { daysAgo: 6, time: '19:30', kind: 'stake', amount: -50, note: 'แทงหวยฮานอย' },
]

export const SEED_HISTORY: ReadonlyMap<number, readonly SeedLine[]> = new Map([
  [1001, DEMO_HISTORY],
  [1002, SOMSRI_HISTORY],
])

/** The Bangkok moment `daysAgo` days before today at `time` (HH:mm), in ms. */
function seedMoment(now: number, daysAgo: number, time: string): number {
  const midnight = Date.parse(`${bangkokDay(now)}T00:00:00+07:00`)
  const [h = 0, m = 0] = time.split(':').map(Number)
  return midnight - daysAgo * DAY_MS + (h * 60 + m) * 60_000
}

/** Writes the seed members' past into the ledger; each ends on its seed balance. */
export function seedWalletHistory(state: MockState, now = Date.now()): void {
  for (const [memberId, lines] of SEED_HISTORY) {
    const member = state.members.get(memberId)
    if (!member) continue
    const target = member.balance
    member.balance = round2(target - lines.reduce((sum, l) => sum + (l.failed ? 0 : l.amount), 0))
    for (const line of lines) {
      const at = seedMoment(now, line.daysAgo, line.time)
      const posted = state.ledger.post(member, {
        kind: line.kind,
        amount: line.amount,
        note: line.note,
        status: line.failed ? 'pending' : 'success',
        hold: line.failed,
        at,
      })
      if (line.failed) state.ledger.finish(member, posted.id, 'failed')
    }
    if (member.balance !== target) {
      throw new Error(`seed history of ${memberId} ends on ${member.balance}, not ${target}`)
    }
  }
}

// ---------------------------------------------------------------------------
// Routes

async function getWithdrawInfo(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  return dataReply(withdrawInfoResponseSchema, {
    data: withdrawInfo(ctx.state, member, ctx.state.now()),
  })
}

async function postWithdrawal(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { amount, idempotencyKey } = jsonBody(ctx, withdrawRequestSchema)
  const answer = ctx.state.wallet.replies.once(member.id, idempotencyKey, { amount }, () =>
    placeWithdrawal(ctx.state, member, amount, ctx.state.now()),
  )
  return dataReply(withdrawResponseSchema, { data: answer }, 201)
}

async function getHistory(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const query = validate(historyQuerySchema, Object.fromEntries(ctx.url.searchParams))
  return dataReply(historyResponseSchema, {
    data: historyPage(ctx.state.ledger, member.id, query),
  })
}

// /__mock/ controls.

const finishedSchema = envelope(z.object({ withdrawal: transactionSchema }))

/** Pays (`paid`) or rejects (`rejected`: the held money goes back) a pending withdrawal. */
function finishWithdrawal(ctx: RequestContext) {
  const outcome = ctx.params.outcome
  if (outcome !== 'paid' && outcome !== 'rejected') {
    throw new ApiError(404, 'NOT_FOUND', 'paid or rejected')
  }
  const line = ctx.state.ledger.lines.find((l) => l.id === ctx.params.id && l.kind === 'withdraw')
  const member = line && ctx.state.members.get(line.memberId)
  if (!line || !member) throw new ApiError(404, 'NOT_FOUND', 'No such withdrawal')
  if (line.status !== 'pending') throw new ApiError(409, 'CONFLICT', 'Withdrawal already final')
  const withdrawal = ctx.state.ledger.finish(
    member,
    line.id,
    outcome === 'paid' ? 'success' : 'failed',
  )
  if (!withdrawal) throw new ApiError(404, 'NOT_FOUND', 'No such withdrawal')
  ctx.state.events.emit(member.id, {
    type: 'withdrawal',
    withdrawalId: line.id,
    status: outcome,
    amount: Math.abs(line.amount),
  })
  return dataReply(finishedSchema, { data: { withdrawal } })
}

const dailyLimitSchema = z.object({ amount: z.number().nonnegative() }).strict()
const okSchema = envelope(z.object({ ok: z.literal(true) }))

function setDailyLimit(ctx: RequestContext) {
  ctx.state.wallet.dailyLimit = jsonBody(ctx, dailyLimitSchema).amount
  return dataReply(okSchema, { data: { ok: true } })
}

export const walletRoutes: readonly Route[] = [
  { method: 'GET', path: '/wallet/withdraw-info', handler: getWithdrawInfo },
  { method: 'POST', path: '/wallet/withdrawals', handler: postWithdrawal },
  { method: 'GET', path: '/wallet/transactions', handler: getHistory },
  { method: 'POST', path: '/__mock/withdrawals/:id/:outcome', handler: finishWithdrawal },
  { method: 'POST', path: '/__mock/wallet/daily-limit', handler: setDailyLimit },
]
