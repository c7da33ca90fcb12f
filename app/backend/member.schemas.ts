// docs/backend-api.md, "Profile", "Affiliate", "Alliance". Shared with the demo backend.
import { z } from 'zod'
import { envelope } from './schemas'
import { INVITE_CODE, normalizeTeamName, TEAM_NAME } from '../lib/team-name'

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)
const baht = z.number().finite()

// Profile

/** Full numbers: the app masks them. */
export const accountSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  phone: z.string(),
  memberSince: isoDate,
  bank: z
    .object({
      code: z.string(),
      name: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
    })
    .nullable(),
  line: z.object({
    linked: z.boolean(),
    name: z.string().nullable(),
    /** Unlinking would lock the member out, so the backend refuses it. */
    required: z.boolean(),
  }),
})
export type Account = z.infer<typeof accountSchema>
export const accountResponseSchema = envelope(accountSchema)

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1),
  newPassword: z.string().min(8).max(64),
})
export const okResponseSchema = envelope(z.object({ ok: z.literal(true) }))

export const lineLinkRequestSchema = z.object({
  code: z.string().min(1),
  redirectUri: z.string().min(1),
})
export const lineStatusResponseSchema = envelope(accountSchema.shape.line)

// Affiliate

export const referredMemberSchema = z.object({
  /** The app masks it. */
  name: z.string(),
  joinedAt: isoDate,
  active: z.boolean(),
})
export type ReferredMember = z.infer<typeof referredMemberSchema>

export const commissionPeriodSchema = z.object({
  month: isoMonth,
  turnover: baht.nonnegative(),
  commission: baht.nonnegative(),
})
export type CommissionPeriod = z.infer<typeof commissionPeriodSchema>

export const affiliateSchema = z.object({
  code: z.string().min(1),
  ratePercent: z.number().nonnegative(),
  referred: z.array(referredMemberSchema),
  periods: z.array(commissionPeriodSchema),
  available: baht.nonnegative(),
  withdrawn: baht.nonnegative(),
})
export type Affiliate = z.infer<typeof affiliateSchema>
export const affiliateResponseSchema = envelope(affiliateSchema)

export const commissionWithdrawRequestSchema = z.object({
  idempotencyKey: z.string().min(8).max(64),
})
export const commissionWithdrawResponseSchema = envelope(
  z.object({
    amount: baht.positive(),
    balance: baht,
    transactionId: z.string(),
  }),
)

// Alliance (teams)

export const teamNameSchema = z
  .string()
  .transform(normalizeTeamName)
  .pipe(z.string().min(TEAM_NAME.min).max(TEAM_NAME.max).regex(TEAM_NAME.pattern))

export const teamMemberSchema = z.object({
  rank: z.number().int().positive(),
  /** The app masks the others'. */
  name: z.string(),
  /** turnover / 100. */
  points: z.number().int().nonnegative(),
  leader: z.boolean(),
  you: z.boolean(),
})

export const teamSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  inviteCode: z.string(),
  createdAt: isoDate,
  maxMembers: z.number().int().positive(),
  members: z.array(teamMemberSchema),
})
export type Team = z.infer<typeof teamSchema>

export const allianceResponseSchema = envelope(teamSchema.nullable())

export const createTeamRequestSchema = z.object({ name: teamNameSchema })
export const joinTeamRequestSchema = z.object({ inviteCode: z.string().regex(INVITE_CODE) })
export const teamResponseSchema = envelope(teamSchema)
export const leaveTeamResponseSchema = okResponseSchema
