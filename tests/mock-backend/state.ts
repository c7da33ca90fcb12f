/**
 * Everything the demo backend remembers: the seeded members, token families,
 * LINE authorization codes, and the test controls (call log, injected
 * failures, latency, token config overrides). `reset()` restores the seed.
 */
import type { Bank, ErrorCode, Member, TokenPair } from '../../app/backend/schemas'
import type { AppConfig } from '../../app/backend/config.schemas'
import { demoAppConfig } from './app-config'
import { AffiliateBook } from './affiliate'
import { TeamBook } from './alliance'
import { CashbackBook } from './cashback'
import { CouponBook } from './coupons'
import { RewardGameBook } from './czipz'
import { EventBook } from './events'
import { PushDesk } from './push'
import { YeekeeBook } from './yeekee'
import { Ledger } from './ledger'
import { LottoCalendar } from './lotto-catalog'
import { OrderBook } from './orders'
import { StakeSets } from './lotto-sets'
import type { GameStatus } from '../../app/backend/games.schemas'
import { StakeBook } from './lotto-stakes'
import { pickTokenConfig, type TokenConfig } from './options'
import { ProfileBook } from './profile'
import { seedWalletHistory, WithdrawalDesk } from './wallet'
import { PromotionEntries } from './promotions'
import { AuditBook } from './audit'
import { StaffDesk } from './staff'
import { SMOKE_MEMBER } from './smoke-accounts'

export interface DemoMember extends Member {
  /** `null`: no password login (a LINE-only member). */
  password: string | null
  locked: boolean
  /** A staff person's own member account: staff never watch it (staff.ts). */
  isStaff?: boolean
}

/** The member the LINE consent page offers first ("อนุญาต"). */
export const LINE_DEMO_USERNAME = 'somying'

export const SEED_MEMBERS: readonly Readonly<DemoMember>[] = Object.freeze([
  {
    id: 1001,
    username: 'demo',
    password: 'demo1234',
    displayName: 'สมชาย ใจดี',
    phone: '0812345678',
    balance: 1520.5,
    scopes: ['member'],
    locked: false,
  },
  {
    id: 1002,
    username: 'somsri',
    password: 'somsri1234',
    displayName: 'สมศรี มีสุข',
    phone: '0898765432',
    balance: 250,
    scopes: ['member', 'affiliate'],
    locked: false,
  },
  {
    id: 1003,
    username: 'locked',
    password: 'locked1234',
    displayName: 'มานะ ถูกระงับ',
    phone: '0861112222',
    balance: 0,
    scopes: ['member'],
    locked: true,
  },
  {
    id: 1004,
    username: LINE_DEMO_USERNAME,
    password: null,
    displayName: 'สมหญิง รักไทย',
    phone: '0923334444',
    balance: 88.25,
    scopes: ['member'],
    locked: false,
  },
  {
    id: 1005,
    username: 'staffnok',
    password: 'demo1234',
    displayName: 'นก ฝ่ายบริการ',
    phone: '0955556666',
    balance: 300,
    scopes: ['member'],
    locked: false,
    isStaff: true,
  },
  {
    ...SMOKE_MEMBER,
    balance: 500,
    scopes: ['member'],
    locked: false,
  },
])

/** The banks `GET /banks` lists (Bank of Thailand codes). */
export const THAI_BANKS: readonly Readonly<Bank>[] = Object.freeze([
  { code: '002', shortName: 'BBL', name: 'ธนาคารกรุงเทพ', accountDigits: 10 },
  { code: '004', shortName: 'KBANK', name: 'ธนาคารกสิกรไทย', accountDigits: 10 },
  { code: '006', shortName: 'KTB', name: 'ธนาคารกรุงไทย', accountDigits: 10 },
  { code: '011', shortName: 'TTB', name: 'ธนาคารทหารไทยธนชาต', accountDigits: 10 },
  { code: '014', shortName: 'SCB', name: 'ธนาคารไทยพาณิชย์', accountDigits: 10 },
  { code: '025', shortName: 'BAY', name: 'ธนาคารกรุงศรีอยุธยา', accountDigits: 10 },
  { code: '030', shortName: 'GSB', name: 'ธนาคารออมสิน', accountDigits: 12 },
  { code: '033', shortName: 'GHB', name: 'ธนาคารอาคารสงเคราะห์', accountDigits: 12 },
  { code: '034', shortName: 'BAAC', name: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', accountDigits: 12 },
  { code: '069', shortName: 'KKP', name: 'ธนาคารเกียรตินาคินภัทร', accountDigits: 10 },
])

/** What a registration stored besides the member: the account withdrawals go to. */
export interface BankAccount {
  bankCode: string
  accountNumber: string
  accountName: string
  referralCode: string | undefined
}

/** The seed members' registered bank accounts (withdrawals go there). */
export const SEED_BANK_ACCOUNTS: ReadonlyMap<number, Readonly<BankAccount>> = new Map([
  [
    1001,
    {
      bankCode: '004',
      accountNumber: '1234567890',
      accountName: 'สมชาย ใจดี',
      referralCode: undefined,
    },
  ],
  [
    1002,
    {
      bankCode: '014',
      accountNumber: '4056789123',
      accountName: 'สมศรี มีสุข',
      referralCode: undefined,
    },
  ],
  [
    1003,
    {
      bankCode: '006',
      accountNumber: '9876543210',
      accountName: 'มานะ ถูกระงับ',
      referralCode: undefined,
    },
  ],
  [
    1004,
    {
      bankCode: '002',
      accountNumber: '1112223334',
      accountName: 'สมหญิง รักไทย',
      referralCode: undefined,
    },
  ],
])

/** An OTP "sent" by SMS (the demo logs it instead, and /__mock/otp shows it). */
export interface OtpRecord {
  ref: string
  phone: string
  /** null: the number belongs to no member, so nothing was sent and nothing verifies. */
  otp: string | null
  memberId: number | null
  expiresAt: number
  wrongAttempts: number
  /** Verified, failed too often, or replaced by a newer OTP. */
  dead: boolean
}

export interface OtpSettings {
  /** Seconds an OTP stays valid. */
  ttlSeconds: number
  /** Seconds before another OTP may be requested for the same number. */
  resendSeconds: number
  /** Wrong OTPs allowed; the last of them kills the OTP. */
  maxAttempts: number
}

export const DEFAULT_OTP_SETTINGS: Readonly<OtpSettings> = Object.freeze({
  ttlSeconds: 300,
  resendSeconds: 60,
  maxAttempts: 5,
})

/** A password reset token's life (single use). */
export const RESET_TOKEN_TTL_MS = 10 * 60 * 1000

/** A pair the demo backend issues: always with a refresh token. */
export type TokenPairOut = Required<TokenPair>

/** All tokens issued from one login. */
export interface Family {
  id: string
  memberId: number
  /** Every token of the family answers TOKEN_REVOKED. */
  revoked: boolean
  /** Every token of the family answers TOKEN_EXPIRED (POST /__mock/expire). */
  expired: boolean
  /** The one refresh token that rotates the family. */
  currentRefreshJti: string
  /**
   * Rotated refresh tokens (by jti): when, and the pair the rotation produced
   * (a promise: a second caller may arrive while it is being signed).
   */
  rotations: Map<string, { at: number; pair: Promise<TokenPairOut> }>
}

export interface LineGrant {
  memberId: number
  redirectUri: string
  issuedAt: number
}

export interface CallRecord {
  method: string
  path: string
  authorization: string | null
  at: number
  /** When its connection was done with (answered, or closed by the caller first); null while open. */
  endedAt: number | null
}

export type FailMode = 'error' | 'garbage' | 'no-user' | 'hang'

export interface FailureRule {
  path: string
  /** Upper-case; undefined = any method. */
  method: string | undefined
  status: number
  code: ErrorCode
  message: string
  mode: FailMode
  remaining: number
}

/** The call log keeps the most recent calls only. */
export const MAX_CALLS = 10_000
export const LINE_CODE_TTL_MS = 10 * 60 * 1000

export class MockState {
  readonly #initialConfig: TokenConfig
  members = new Map<number, DemoMember>()
  families = new Map<string, Family>()
  lineGrants = new Map<string, LineGrant>()
  bankAccounts = new Map<number, BankAccount>()
  /** By ref. */
  otps = new Map<string, OtpRecord>()
  /** When each phone number last asked for an OTP (ms). */
  otpRequestedAt = new Map<string, number>()
  otpSettings: OtpSettings = { ...DEFAULT_OTP_SETTINGS }
  /** Where a "sent" SMS goes; set by the server from its options. */
  sms: (line: string) => void = () => {}
  resetTokens = new Map<string, { memberId: number; expiresAt: number }>()
  calls: CallRecord[] = []
  failures: FailureRule[] = []
  latency = { all: 0, byPath: new Map<string, number>() }
  /** How far the backend's clock runs ahead of the real one (ms): it judges token expiry by it. */
  clockAheadMs = 0
  config: TokenConfig
  /** Lotto types, draws and results (lotto-catalog.ts). */
  readonly lotto = new LottoCalendar()
  /** Saved number sets (lotto-sets.ts). */
  readonly stakeSets = new StakeSets()
  /** Game and provider statuses set through /__mock/games/status (games.ts). */
  gameStatus = new Map<string, GameStatus>()
  providerStatus = new Map<string, GameStatus>()
  /** Game ids each member launched, most recent first. */
  recentGames = new Map<number, string[]>()
  /** The members' live events (events.ts): the ledger and the books record theirs here. */
  readonly events = new EventBook(() => this.clock())
  /** Every movement of a member's balance (ledger.ts). */
  readonly ledger = new Ledger(this.events)
  /** Push subscriptions and the pushes of the members' events (push.ts). */
  readonly push = new PushDesk(
    this.events,
    () => this.clock(),
    // A login ends when its family is revoked (logout, logout-others, a password change).
    (familyId) => this.families.get(familyId)?.revoked ?? true,
  )
  /** Placed slips and their outcomes (lotto-stakes.ts). */
  readonly lottoStakes = new StakeBook(this.ledger)
  /** Deposit orders (orders.ts). */
  readonly orders = new OrderBook(this.ledger, () => this.members)
  /** What the demo configuration service serves (app-config.ts). */
  appConfig: AppConfig = demoAppConfig()
  /** Join dates and LINE links (profile.ts). */
  readonly profiles = new ProfileBook()
  /** Referral codes, commission and its withdrawals (affiliate.ts). */
  readonly affiliate = new AffiliateBook(this.ledger)
  /** Teams (alliance.ts). */
  readonly alliance = new TeamBook()
  /** Withdrawals' daily limit and idempotent answers (wallet.ts). */
  readonly wallet = new WithdrawalDesk()
  /** Cashback periods' claims (cashback.ts). */
  readonly cashback = new CashbackBook(this.ledger)
  /** Coupon redemptions (coupons.ts). */
  readonly coupons = new CouponBook()
  /** Reward-game tickets members got from coupons (SPIN3), by member id. */
  readonly couponTickets = new Map<number, number>()
  /** Promotions members accepted (promotions.ts). */
  readonly promotionEntries = new PromotionEntries(this.ledger)
  /** Yeekee rounds' shots (yeekee.ts). */
  readonly yeekee = new YeekeeBook()
  /** Reward game tickets, plays and forced results (czipz.ts). */
  readonly czipz = new RewardGameBook(this.ledger, this.couponTickets)
  /** Staff logins, their used codes and the watches (staff.ts). */
  readonly staff = new StaffDesk()
  /** The staff audit: watches, pages seen, refused logins and starts (audit.ts). */
  readonly audit = new AuditBook()

  /** The real time (ms): Date.now unless a test gave the backend a clock of its own. */
  readonly clock: () => number

  constructor(initialConfig: TokenConfig, clock: () => number = Date.now) {
    this.clock = clock
    this.lotto.yeekeeWorking = (times, now) => this.yeekee.workingOf(times, now)
    this.#initialConfig = pickTokenConfig(initialConfig)
    this.config = { ...this.#initialConfig }
    this.reset()
  }

  reset(): void {
    this.members = new Map(SEED_MEMBERS.map((m) => [m.id, { ...m, scopes: [...m.scopes] }]))
    this.families.clear()
    this.lineGrants.clear()
    this.bankAccounts.clear()
    this.otps.clear()
    this.otpRequestedAt.clear()
    this.otpSettings = { ...DEFAULT_OTP_SETTINGS }
    this.resetTokens.clear()
    this.calls = []
    this.failures = []
    this.latency = { all: 0, byPath: new Map() }
    this.clockAheadMs = 0
    this.config = { ...this.#initialConfig }
    this.lotto.reset()
    this.stakeSets.reset()
    this.gameStatus.clear()
    this.providerStatus.clear()
    this.recentGames.clear()
    this.lottoStakes.reset()
    this.ledger.reset()
    this.orders.reset()
    this.appConfig = demoAppConfig()
    this.profiles.reset()
    this.affiliate.reset()
    this.alliance.reset()
    this.cashback.reset()
    this.coupons.reset()
    this.couponTickets.clear()
    this.promotionEntries.reset()
    this.czipz.reset()
    this.yeekee.reset()
    this.staff.reset()
    this.audit.reset()
    this.push.reset()
    for (const [memberId, account] of SEED_BANK_ACCOUNTS)
      this.bankAccounts.set(memberId, { ...account })
    this.wallet.reset()
    seedWalletHistory(this)
    // The seed's past is history, not news: no stream replays it.
    this.events.reset()
  }

  /** The backend's own time (ms): the real time plus `clockAheadMs`. */
  now(): number {
    return this.clock() + this.clockAheadMs
  }

  memberByUsername(username: string): DemoMember | undefined {
    for (const member of this.members.values()) if (member.username === username) return member
    return undefined
  }

  /** Usernames are unique whatever their letter case. */
  usernameTaken(username: string): boolean {
    const wanted = username.toLowerCase()
    for (const member of this.members.values()) {
      if (member.username.toLowerCase() === wanted) return true
    }
    return false
  }

  memberByPhone(phone: string): DemoMember | undefined {
    for (const member of this.members.values()) if (member.phone === phone) return member
    return undefined
  }

  /** Adds a member with the next free id. */
  addMember(member: Omit<DemoMember, 'id'>): DemoMember {
    const id = Math.max(0, ...this.members.keys()) + 1
    const added = { ...member, id }
    this.members.set(id, added)
    return added
  }

  /** The newest OTP sent to a number (dead or alive), if any. */
  latestOtpFor(phone: string): OtpRecord | undefined {
    let latest: OtpRecord | undefined
    for (const record of this.otps.values()) if (record.phone === phone) latest = record
    return latest
  }

  familiesOf(memberId: number): Family[] {
    return [...this.families.values()].filter((family) => family.memberId === memberId)
  }

  /** Marks a logged call ended (it stays in the log until a reset or DELETE). */
  endCall(call: CallRecord, at: number): void {
    call.endedAt = at
  }

  recordCall(call: CallRecord): void {
    this.calls.push(call)
    if (this.calls.length > MAX_CALLS) this.calls.splice(0, this.calls.length - MAX_CALLS)
  }

  callsFor(path?: string): CallRecord[] {
    return path === undefined ? [...this.calls] : this.calls.filter((call) => call.path === path)
  }

  setLatency(ms: number, path?: string): void {
    if (path === undefined) this.latency.all = ms
    else if (ms === 0) this.latency.byPath.delete(path)
    else this.latency.byPath.set(path, ms)
  }

  /** A path's own latency when it has one, else the global one. */
  latencyFor(path: string): number {
    return this.latency.byPath.get(path) ?? this.latency.all
  }

  /** The first pending failure for this call, counted down; undefined when none applies. */
  takeFailure(method: string, path: string): FailureRule | undefined {
    const index = this.failures.findIndex(
      (rule) => rule.path === path && (rule.method === undefined || rule.method === method),
    )
    const rule = this.failures[index]
    if (!rule) return undefined
    rule.remaining -= 1
    if (rule.remaining <= 0) this.failures.splice(index, 1)
    return rule
  }

  /** Takes a LINE code (single use: it is gone whatever the outcome). */
  takeLineGrant(code: string, now: number): LineGrant | undefined {
    const grant = this.lineGrants.get(code)
    this.lineGrants.delete(code)
    if (!grant || now - grant.issuedAt > LINE_CODE_TTL_MS) return undefined
    return grant
  }
}
