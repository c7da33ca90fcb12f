// docs/backend-api.md, "Alliance".
import {
  allianceResponseSchema,
  leaveTeamResponseSchema,
  teamResponseSchema,
  type Team,
} from '~/backend/member.schemas'
import { errorCodes } from '~/backend/schemas'
import { refusalFor, memberCall, type MemberContext } from '~/backend/client.server'

export const ALLIANCE_MESSAGES = {
  teamNameTaken: 'ชื่อทีมนี้มีผู้ใช้แล้ว กรุณาเลือกชื่ออื่น',
  alreadyInTeam: 'คุณอยู่ในทีมอยู่แล้ว ต้องออกจากทีมเดิมก่อน',
  inviteCodeInvalid: 'ไม่พบทีมของรหัสเชิญนี้ กรุณาตรวจสอบรหัสอีกครั้ง',
  teamFull: 'ทีมนี้มีสมาชิกครบแล้ว',
  notInTeam: 'คุณไม่ได้อยู่ในทีมใด',
} as const

export function myTeam(ctx: MemberContext): Promise<Team | null> {
  return memberCall(ctx, { method: 'GET', path: '/alliance', schema: allianceResponseSchema })
}

export function createTeam(ctx: MemberContext, name: string): Promise<Team> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/alliance',
    schema: teamResponseSchema,
    body: { name },
  })
}

export function joinTeam(ctx: MemberContext, inviteCode: string): Promise<Team> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/alliance/join',
    schema: teamResponseSchema,
    body: { inviteCode },
  })
}

export async function leaveTeam(ctx: MemberContext): Promise<void> {
  await memberCall(ctx, {
    method: 'POST',
    path: '/alliance/leave',
    schema: leaveTeamResponseSchema,
  })
}

const MESSAGES_BY_CODE: Readonly<Record<string, string>> = {
  [errorCodes.teamNameTaken]: ALLIANCE_MESSAGES.teamNameTaken,
  [errorCodes.alreadyInTeam]: ALLIANCE_MESSAGES.alreadyInTeam,
  [errorCodes.inviteCodeInvalid]: ALLIANCE_MESSAGES.inviteCodeInvalid,
  [errorCodes.teamFull]: ALLIANCE_MESSAGES.teamFull,
  [errorCodes.notInTeam]: ALLIANCE_MESSAGES.notInTeam,
}

export function allianceRefusal(error: unknown): string | null {
  return refusalFor(error, MESSAGES_BY_CODE)
}
