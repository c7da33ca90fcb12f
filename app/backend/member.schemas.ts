/**
 * The member area's backend contract (docs/backend-api.md, "Profile",
 * "Affiliate", "Alliance"): zod schemas of the requests and answers, shared
 * by the app's backend modules and the demo backend (tests/mock-backend).
 * Dates are calendar dates in Bangkok (`YYYY-MM-DD`), months `YYYY-MM`,
 * amounts baht with two decimals.
 */
import { z } from 'zod'
import { envelope } from './schemas'
import { INVITE_CODE, normalizeTeamName, TEAM_NAME } from '../lib/team-name'

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)
const baht = z.number().finite()

// ---------------------------------------------------------------------------
// Profile

/** `GET /user/account`: the member's account details (full numbers: the app masks them). */
export const accountSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  phone: z.string(),
  memberSince: isoDate,
  /** The registered bank account withdrawals go to; null when none is registered. */
  bank: z
    .object({
      code: z.string(),
      /** The bank's Thai name. */
      name: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
    })
    .nullable(),
  line: z.object({
    linked: z.boolean(),
    /** The LINE display name when linked. */
    name: z.string().nullable(),
    /** The member has no password: unlinking would lock them out, so the backend refuses it. */
    required: z.boolean(),
  }),
})
export type Account = z.infer<typeof accountSchema>
export const accountResponseSchema = envelope(accountSchema)

/** `POST /user/password`. Wrong current password: 400 WRONG_PASSWORD. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1),
  newPassword: z.string().min(8).max(64),
})
export const okResponseSchema = envelope(z.object({ ok: z.literal(true) }))

/** `POST /user/line/link`: the code LINE sent to the app's callback, and that callback's URL. */
export const lineLinkRequestSchema = z.object({
  code: z.string().min(1),
  redirectUri: z.string().min(1),
})
/** `POST /user/line/link` and `POST /user/line/unlink` answer the member's LINE status. */
export const lineStatusResponseSchema = envelope(accountSchema.shape.line)

// ---------------------------------------------------------------------------
// Affiliate

export const referredMemberSchema = z.object({
  /** Full display name: the app masks it. */
  name: z.string(),
  joinedAt: isoDate,
  /** Played in the last 30 days. */
  active: z.boolean(),
})
export type ReferredMember = z.infer<typeof referredMemberSchema>

export const commissionPeriodSchema = z.object({
  month: isoMonth,
  /** The referred members' turnover that month. */
  turnover: baht.nonnegative(),
  commission: baht.nonnegative(),
})
export type CommissionPeriod = z.infer<typeof commissionPeriodSchema>

/** `GET /affiliate`. */
export const affiliateSchema = z.object({
  /** The member's referral code (`/register?ref=CODE`). */
  code: z.string().min(1),
  /** Commission rate on the referred members' turnover, percent. */
  ratePercent: z.number().nonnegative(),
  referred: z.array(referredMemberSchema),
  /** Newest month first. */
  periods: z.array(commissionPeriodSchema),
  /** Commission earned and not yet withdrawn. */
  available: baht.nonnegative(),
  /** Commission withdrawn to the balance so far. */
  withdrawn: baht.nonnegative(),
})
export type Affiliate = z.infer<typeof affiliateSchema>
export const affiliateResponseSchema = envelope(affiliateSchema)

/**
 * `POST /affiliate/withdraw`: all the available commission to the balance,
 * once per key. Nothing to withdraw: 409 NO_COMMISSION.
 */
export const commissionWithdrawRequestSchema = z.object({
  idempotencyKey: z.string().min(8).max(64),
})
export const commissionWithdrawResponseSchema = envelope(
  z.object({
    amount: baht.positive(),
    /** The balance after. */
    balance: baht,
    /** The wallet history line (kind `commission`). */
    transactionId: z.string(),
  }),
)

// ---------------------------------------------------------------------------
// Alliance (teams)

export const teamNameSchema = z
  .string()
  .transform(normalizeTeamName)
  .pipe(z.string().min(TEAM_NAME.min).max(TEAM_NAME.max).regex(TEAM_NAME.pattern))

export const teamMemberSchema = z.object({
  rank: z.number().int().positive(),
  /** Full display name: the app masks the others'. */
  name: z.string(),
  /** This month's points (turnover / 100). */
  points: z.number().int().nonnegative(),
  leader: z.boolean(),
  /** The member asking. */
  you: z.boolean(),
})

export const teamSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  inviteCode: z.string(),
  createdAt: isoDate,
  maxMembers: z.number().int().positive(),
  /** By rank. */
  members: z.array(teamMemberSchema),
})
export type Team = z.infer<typeof teamSchema>

/** `GET /alliance`: the member's team, or null. */
export const allianceResponseSchema = envelope(teamSchema.nullable())

/** `POST /alliance`: 409 TEAM_NAME_TAKEN, 409 ALREADY_IN_TEAM. */
export const createTeamRequestSchema = z.object({ name: teamNameSchema })
/** `POST /alliance/join`: 404 INVITE_CODE_INVALID, 409 ALREADY_IN_TEAM, 409 TEAM_FULL. */
export const joinTeamRequestSchema = z.object({ inviteCode: z.string().regex(INVITE_CODE) })
/** `POST /alliance` and `POST /alliance/join` answer the team. */
export const teamResponseSchema = envelope(teamSchema)
/** `POST /alliance/leave`: 409 NOT_IN_TEAM. */
export const leaveTeamResponseSchema = okResponseSchema
