import { describe, expect, it } from 'vitest'
import { allianceResponseSchema, teamResponseSchema } from '../../app/backend/member.schemas'
import { expectError, useBackend } from './helpers'

const backend = useBackend()

describe('alliance', () => {
  it('has a seeded team for somsri, ranked by points, and none for demo', async () => {
    const client = backend.client()
    const { accessToken: somsri } = await client.login('somsri')
    const team = allianceResponseSchema.parse((await client.get('/alliance', somsri)).body).data
    expect(team?.name).toBe('ทีมสายฟ้า')
    expect(team?.members.map((m) => m.rank)).toEqual([1, 2, 3, 4])
    expect(team?.members.find((m) => m.you)).toMatchObject({ leader: true, rank: 2 })
    const { accessToken: demo } = await client.login('demo')
    expect(allianceResponseSchema.parse((await client.get('/alliance', demo)).body).data).toBeNull()
  })

  it('creates a team with a free name, refuses taken names and a second team', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    expectError(
      await client.post('/alliance', { name: 'lucky star' }, accessToken),
      409,
      'TEAM_NAME_TAKEN',
    )
    expect((await client.post('/alliance', { name: 'x!' }, accessToken)).status).toBe(400)
    const created = await client.post('/alliance', { name: '  ทีม  ใหม่ 2 ' }, accessToken)
    expect(created.status).toBe(201)
    const team = teamResponseSchema.parse(created.body).data
    expect(team.name).toBe('ทีม ใหม่ 2')
    expect(team.inviteCode).toMatch(/^[A-Z0-9]{6,}$/)
    expectError(
      await client.post('/alliance', { name: 'อีกทีม' }, accessToken),
      409,
      'ALREADY_IN_TEAM',
    )
  })

  it('joins by invite code and leaves', async () => {
    const client = backend.client()
    const { accessToken } = await client.login('demo')
    expectError(
      await client.post('/alliance/join', { inviteCode: 'NOPE99' }, accessToken),
      404,
      'INVITE_CODE_INVALID',
    )
    const joined = await client.post('/alliance/join', { inviteCode: 'lucky9' }, accessToken)
    expect(teamResponseSchema.parse(joined.body).data.members).toHaveLength(3)
    expect((await client.post('/alliance/leave', undefined, accessToken)).status).toBe(200)
    expectError(await client.post('/alliance/leave', undefined, accessToken), 409, 'NOT_IN_TEAM')
  })
})
