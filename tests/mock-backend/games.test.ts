import { describe, expect, it } from 'vitest'
import {
  gamesResponseSchema,
  launchResponseSchema,
  providersResponseSchema,
  recentGamesResponseSchema,
} from '../../app/backend/games.schemas'
import { CATALOGUE, filterGames } from './games'
import { expectError, type Pair, useBackend } from './helpers'

const setup = useBackend()
const api = () => setup.client()

async function token(): Promise<string> {
  const res = await api().post<{ data: Pair }>('/auth/login', {
    username: 'demo',
    password: 'demo1234',
  })
  return res.body.data.accessToken
}

describe('the catalogue', () => {
  it('holds 1,000+ games with unique ids, the same on every start', () => {
    expect(CATALOGUE.games.length).toBeGreaterThanOrEqual(1000)
    expect(new Set(CATALOGUE.games.map((g) => g.id)).size).toBe(CATALOGUE.games.length)
    expect(CATALOGUE.games[0]).toMatchObject({ id: 'pgsoft-001', name: 'Mahjong Ways' })
    for (const category of ['slot', 'casino', 'sport', 'fishing', 'card'] as const) {
      expect(filterGames({ category }).length, category).toBeGreaterThan(10)
    }
  })

  it('searches both scripts, any letter case, ignoring spaces', () => {
    expect(filterGames({ q: 'MAHJONGWAYS' }).map((g) => g.id)).toEqual(['pgsoft-001', 'pgsoft-002'])
    expect(filterGames({ q: 'มาจอง' }).map((g) => g.id)).toContain('pgsoft-001')
    expect(filterGames({ q: 'บาคาร่า', provider: 'sexy' }).length).toBeGreaterThan(0)
  })
})

describe('GET /games/providers and /games', () => {
  it('lists providers without a token', async () => {
    const res = await api().get('/games/providers')
    const { data } = providersResponseSchema.parse(res.body)
    expect(data.map((p) => p.id)).toEqual(expect.arrayContaining(['pgsoft', 'sagaming', 'sbobet']))
  })

  it('filters and pages on the server, for anyone (visitors browse the lobbies)', async () => {
    const visitor = gamesResponseSchema.parse((await api().get('/games?pageSize=5')).body).data
    expect(visitor.games).toHaveLength(5)
    const bearer = await token()
    const res = await api().get('/games?category=casino&provider=evolution&page=2&pageSize=10')
    const { data } = gamesResponseSchema.parse(res.body)
    expect(data).toMatchObject({ page: 2, pageSize: 10, total: 60 })
    expect(data.games).toHaveLength(10)
    expect(data.games.every((g) => g.provider === 'evolution' && g.category === 'casino')).toBe(
      true,
    )
    expectError(await api().get('/games?pageSize=500', bearer), 400, 'BAD_REQUEST')
    expectError(await api().get('/games?category=poker', bearer), 400, 'BAD_REQUEST')
  })
})

describe('POST /games/launch', () => {
  it('gives a /play address and records the game as recently played', async () => {
    const bearer = await token()
    for (const gameId of ['jili-001', 'pgsoft-001', 'jili-001']) {
      const res = await api().post('/games/launch', { gameId }, bearer)
      const { url } = launchResponseSchema.parse(res.body).data
      expect(new URL(url).pathname).toBe('/play')
      expect(new URL(url).searchParams.get('game')).toBe(gameId)
    }
    const recent = await api().get('/games/recent?limit=5', bearer)
    expect(recentGamesResponseSchema.parse(recent.body).data.map((g) => g.id)).toEqual([
      'jili-001',
      'pgsoft-001',
    ])
  })

  it('refuses a game or provider in maintenance or closed; reset reopens them', async () => {
    const bearer = await token()
    await api().post('/__mock/games/status', { game: 'pgsoft-001', status: 'maintenance' })
    expectError(
      await api().post('/games/launch', { gameId: 'pgsoft-001' }, bearer),
      409,
      'GAME_MAINTENANCE',
    )
    await api().post('/__mock/games/status', { provider: 'joker', status: 'closed' })
    expectError(
      await api().post('/games/launch', { gameId: 'joker-001' }, bearer),
      410,
      'GAME_CLOSED',
    )
    expectError(
      await api().post('/games/launch', { gameId: 'no-such-game' }, bearer),
      404,
      'GAME_NOT_FOUND',
    )
    expectError(await api().post('/games/launch', { gameId: '../x' }, bearer), 400, 'BAD_REQUEST')
    expect(
      (await api().post('/__mock/games/status', { game: 'nope', status: 'closed' })).status,
    ).toBe(404)
    await api().post('/__mock/reset')
    const again = await api().post('/games/launch', { gameId: 'pgsoft-001' }, await token())
    expect(again.status).toBe(200)
  })

  it('launches the lotto provider', async () => {
    const res = await api().post('/lotto/launch', {}, await token())
    expect(new URL(launchResponseSchema.parse(res.body).data.url).pathname).toBe('/play/lotto')
  })
})
