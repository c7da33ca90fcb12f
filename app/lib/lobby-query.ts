// A lobby's state lives in its URL (shareable, works without JavaScript); a tampered value
// falls back to the default instead of failing.

// Free of zod so the browser can use them; app/backend/games.schemas.ts builds on them.

export const GAME_CATEGORIES = ['slot', 'casino', 'sport', 'fishing', 'card'] as const
export type GameCategory = (typeof GAME_CATEGORIES)[number]
/** Ids of games and providers: safe in a URL, an image name and a query string. */
export const GAME_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/
export const PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/
export const MAX_SEARCH_LENGTH = 50

export const LOBBY_PAGE_SIZE = 24
/** Pages past this are not asked for (a tampered `page=99999999`). */
export const MAX_LOBBY_PAGE = 1000

export const CATEGORY_LABELS: Readonly<Record<GameCategory, string>> = {
  slot: 'สล็อต',
  casino: 'คาสิโนสด',
  sport: 'กีฬา',
  fishing: 'ยิงปลา',
  card: 'เกมไพ่',
}

export interface LobbyQuery {
  q: string
  category: GameCategory | undefined
  provider: string | undefined
  page: number
}

export function isGameCategory(value: unknown): value is GameCategory {
  return typeof value === 'string' && (GAME_CATEGORIES as readonly string[]).includes(value)
}

export function isGameId(value: string | null | undefined): value is string {
  return typeof value === 'string' && GAME_ID_PATTERN.test(value)
}

export function isProviderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && PROVIDER_ID_PATTERN.test(value)
}

export function normaliseSearch(raw: string | null): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH)
}

export function parsePage(raw: string | null): number {
  if (!raw || !/^[1-9][0-9]{0,5}$/.test(raw)) return 1
  return Math.min(Number(raw), MAX_LOBBY_PAGE)
}

// A category or provider the page fixes wins over the query's.
export function parseLobbyQuery(
  url: URL,
  fixed: { category?: GameCategory | null; provider?: string | null } = {},
): LobbyQuery {
  const params = url.searchParams
  const category = fixed.category === null ? null : (fixed.category ?? params.get('category'))
  const provider = fixed.provider === null ? null : (fixed.provider ?? params.get('provider'))
  return {
    q: normaliseSearch(params.get('q')),
    category: isGameCategory(category) ? category : undefined,
    provider: isProviderId(provider) ? provider : undefined,
    page: parsePage(params.get('page')),
  }
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

// Defaults (page 1, no search) are left out so each state has one URL.
export function lobbyHref(
  path: string,
  query: Partial<LobbyQuery>,
  keep: { category?: boolean; provider?: boolean } = { category: true, provider: true },
): string {
  const params = new URLSearchParams()
  if (keep.provider !== false && query.provider) params.set('provider', query.provider)
  if (keep.category !== false && query.category) params.set('category', query.category)
  if (query.q) params.set('q', query.q)
  if (query.page && query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

const LOBBY_PATHS = ['/games', '/casino', '/slot', '/sport', '/games/lobby', '/']

// The launch route never redirects anywhere a query names.
export function safeLobbyPath(from: string | null): string {
  if (!from || from.length > 300 || !from.startsWith('/') || from.startsWith('//')) return '/games'
  let url: URL
  try {
    url = new URL(from, 'http://lobby.invalid')
  } catch {
    return '/games'
  }
  if (url.origin !== 'http://lobby.invalid' || !LOBBY_PATHS.includes(url.pathname)) return '/games'
  url.searchParams.delete('notice')
  return `${url.pathname}${url.search}`
}

export const LAUNCH_NOTICES = {
  maintenance: 'เกมนี้อยู่ระหว่างปิดปรับปรุงชั่วคราว กรุณาเลือกเกมอื่นหรือลองใหม่ภายหลัง',
  closed: 'เกมนี้ปิดให้บริการแล้ว กรุณาเลือกเกมอื่น',
  unknown: 'ไม่พบเกมที่เลือก กรุณาเลือกเกมจากรายการอีกครั้ง',
  watcher: 'โหมดผู้ดูแลดูหน้าจอได้เท่านั้น ไม่สามารถเข้าเล่นเกมแทนสมาชิกได้',
  failed: 'ไม่สามารถเข้าสู่เกมได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง',
} as const
export type LaunchNotice = keyof typeof LAUNCH_NOTICES

export function launchNoticeOf(raw: string | null): LaunchNotice | null {
  return raw !== null && Object.hasOwn(LAUNCH_NOTICES, raw) ? (raw as LaunchNotice) : null
}

export function withNotice(path: string, notice: LaunchNotice): string {
  const url = new URL(path, 'http://lobby.invalid')
  url.searchParams.set('notice', notice)
  return `${url.pathname}${url.search}`
}
