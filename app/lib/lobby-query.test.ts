import { describe, expect, it } from 'vitest'
import {
  isGameId,
  launchNoticeOf,
  lobbyHref,
  normaliseSearch,
  pageCount,
  parseLobbyQuery,
  parsePage,
  safeLobbyPath,
  withNotice,
} from '~/lib/lobby-query'
import { launchHref } from '~/games/launch'

const url = (s: string) => new URL(s, 'http://app.test')

describe('lobby query', () => {
  it('reads q, category, provider and page leniently', () => {
    expect(parseLobbyQuery(url('/games?q=%20Mahjong%20%20Ways%20&category=slot&page=3'))).toEqual({
      q: 'Mahjong Ways',
      category: 'slot',
      provider: undefined,
      page: 3,
    })
    expect(parseLobbyQuery(url('/games?category=poker&page=-1&provider=%3Cb%3E'))).toEqual({
      q: '',
      category: undefined,
      provider: undefined,
      page: 1,
    })
  })

  it('lets the page fix or forbid a category or provider', () => {
    const query = parseLobbyQuery(url('/casino?category=slot&provider=pgsoft'), {
      category: 'casino',
      provider: null,
    })
    expect(query).toMatchObject({ category: 'casino', provider: undefined })
  })

  it('caps pages and search text', () => {
    expect(parsePage('99999')).toBe(1000)
    expect(parsePage('1.5')).toBe(1)
    expect(parsePage(null)).toBe(1)
    expect(normaliseSearch('a'.repeat(80))).toHaveLength(50)
  })

  it('counts pages', () => {
    expect(pageCount(0, 24)).toBe(1)
    expect(pageCount(24, 24)).toBe(1)
    expect(pageCount(25, 24)).toBe(2)
  })

  it('builds one URL per state', () => {
    expect(lobbyHref('/games', { q: '', category: undefined, page: 1 })).toBe('/games')
    expect(decodeURIComponent(lobbyHref('/games', { q: 'เสือ', category: 'slot', page: 2 }))).toBe(
      '/games?category=slot&q=เสือ&page=2',
    )
    expect(
      lobbyHref('/games/lobby', { provider: 'jili', page: 2 }, { provider: true, category: true }),
    ).toBe('/games/lobby?provider=jili&page=2')
    expect(lobbyHref('/slot', { provider: 'jili' }, { provider: false })).toBe('/slot')
  })
})

describe('launch', () => {
  it('accepts only well-formed game ids', () => {
    expect(isGameId('pgsoft-001')).toBe(true)
    for (const bad of [null, '', '../x', 'PG', 'x'.repeat(41), 'a b']) {
      expect(isGameId(bad), String(bad)).toBe(false)
    }
  })

  it('goes back only to a lobby of ours, without an old notice', () => {
    expect(safeLobbyPath('/slot?q=x&notice=closed')).toBe('/slot?q=x')
    expect(safeLobbyPath('/games/lobby?provider=jili')).toBe('/games/lobby?provider=jili')
    expect(safeLobbyPath('/')).toBe('/')
    for (const bad of [null, '//evil.example/', 'https://evil.example/', '/profile', '/\\evil']) {
      expect(safeLobbyPath(bad), String(bad)).toBe('/games')
    }
  })

  it('names known notices only', () => {
    expect(launchNoticeOf('maintenance')).toBe('maintenance')
    expect(launchNoticeOf('toString')).toBeNull()
    expect(launchNoticeOf(null)).toBeNull()
    expect(withNotice('/slot?q=x', 'closed')).toBe('/slot?q=x&notice=closed')
  })

  it('links a tile to the launch with the lobby to come back to', () => {
    expect(launchHref('jili-001')).toBe('/games/launch?game=jili-001')
    expect(launchHref('jili-001', '/slot?q=a')).toBe(
      '/games/launch?game=jili-001&from=%2Fslot%3Fq%3Da',
    )
  })
})
