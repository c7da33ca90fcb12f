/**
 * Games as the demo backend offers them: a catalogue of 1,000+ believable
 * games from the providers Thai members know, generated deterministically
 * (the same ids, names and order on every start), the list with its filters
 * and paging, recently played games per member, launching a game or the
 * lotto provider (an address on this server: `/play?game=…`, `/play/lotto`),
 * and the /__mock/ controls that put a game or a provider in maintenance or
 * close it (`reset()` reopens everything).
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import {
  gamesQuerySchema,
  gamesResponseSchema,
  gameStatusSchema,
  launchGameRequestSchema,
  launchLottoRequestSchema,
  launchResponseSchema,
  MAX_RECENT_GAMES,
  providersResponseSchema,
  recentGamesResponseSchema,
  type Game,
  type GameCategory,
  type GameStatus,
  type Provider,
} from '../../app/backend/games.schemas'
import { envelope } from '../../app/backend/schemas'
import { ApiError, dataReply, htmlReply, validate } from './http'
import { jsonBody, type RequestContext, type Route } from './router'
import type { MockState } from './state'

// ---------------------------------------------------------------------------
// The catalogue

interface ProviderPlan {
  provider: Omit<Provider, 'status' | 'logo'>
  games: number
  /** Share of each category among its games (the rest is the first category). */
  weights: Partial<Record<GameCategory, number>>
  /** Its best-known titles, listed first: [shown name, other script, category if not the first]. */
  famous: readonly (readonly [string, string, GameCategory?])[]
}

const PLANS: readonly ProviderPlan[] = [
  {
    provider: { id: 'pgsoft', name: 'PG Soft', nameTh: 'พีจี สล็อต', categories: ['slot'] },
    games: 150,
    weights: {},
    famous: [
      ['Mahjong Ways', 'มาจองเวย์'],
      ['Mahjong Ways 2', 'มาจองเวย์ 2'],
      ['Fortune Tiger', 'เสือนำโชค'],
      ['Treasures of Aztec', 'สาวถ้ำ'],
      ['Lucky Neko', 'แมวนำโชค'],
      ['Wild Bandito', 'โจรสลัดจอมซ่า'],
      ['Caishen Wins', 'ไฉ่ซิงเอี้ย'],
      ['Ganesha Gold', 'พระพิฆเนศทองคำ'],
    ],
  },
  {
    provider: {
      id: 'pragmatic',
      name: 'Pragmatic Play',
      nameTh: 'พราจมาติก เพลย์',
      categories: ['slot', 'casino'],
    },
    games: 180,
    weights: { casino: 0.2 },
    famous: [
      ['Gates of Olympus', 'ประตูโอลิมปัส'],
      ['Sweet Bonanza', 'สวีทโบนันซ่า'],
      ['Starlight Princess', 'เจ้าหญิงแสงดาว'],
      ['Sugar Rush', 'น้ำตาลพุ่ง'],
      ['The Dog House', 'บ้านหมา'],
    ],
  },
  {
    provider: {
      id: 'joker',
      name: 'Joker Gaming',
      nameTh: 'โจ๊กเกอร์',
      categories: ['slot', 'fishing'],
    },
    games: 110,
    weights: { fishing: 0.15 },
    famous: [
      ['Roma', 'โรม่า'],
      ['Fish Hunter', 'ยิงปลาฮันเตอร์', 'fishing'],
      ['Lucky God', 'เทพเจ้าโชคลาภ'],
    ],
  },
  {
    provider: {
      id: 'jili',
      name: 'JILI',
      nameTh: 'จิลิ',
      categories: ['slot', 'fishing', 'card'],
    },
    games: 130,
    weights: { fishing: 0.15, card: 0.15 },
    famous: [
      ['Super Ace', 'ซูเปอร์เอซ'],
      ['Fortune Gems', 'อัญมณีนำโชค'],
      ['Money Coming', 'เงินมา'],
    ],
  },
  {
    provider: {
      id: 'spadegaming',
      name: 'Spadegaming',
      nameTh: 'สเปดเกมมิ่ง',
      categories: ['slot', 'fishing'],
    },
    games: 90,
    weights: { fishing: 0.15 },
    famous: [['Gold Panther', 'เสือดำทองคำ']],
  },
  {
    provider: { id: 'redtiger', name: 'Red Tiger', nameTh: 'เรดไทเกอร์', categories: ['slot'] },
    games: 70,
    weights: {},
    famous: [['Dragon’s Luck', 'มังกรนำโชค']],
  },
  {
    provider: {
      id: 'fachai',
      name: 'FA CHAI',
      nameTh: 'ฟาฉ่าย',
      categories: ['slot', 'fishing'],
    },
    games: 60,
    weights: { fishing: 0.3 },
    famous: [['Night Market', 'ตลาดนัดกลางคืน']],
  },
  {
    provider: { id: 'kingmaker', name: 'Kingmaker', nameTh: 'คิงเมกเกอร์', categories: ['card'] },
    games: 50,
    weights: {},
    famous: [['ป๊อกเด้ง', 'Pok Deng']],
  },
  {
    provider: { id: 'sagaming', name: 'SA Gaming', nameTh: 'เอสเอ เกมมิ่ง', categories: ['casino'] },
    games: 40,
    weights: {},
    famous: [],
  },
  {
    provider: {
      id: 'sexy',
      name: 'Sexy Baccarat',
      nameTh: 'เซ็กซี่ บาคาร่า',
      categories: ['casino'],
    },
    games: 24,
    weights: {},
    famous: [],
  },
  {
    provider: { id: 'evolution', name: 'Evolution', nameTh: 'เอโวลูชั่น', categories: ['casino'] },
    games: 60,
    weights: {},
    famous: [
      ['Lightning Roulette', 'รูเล็ตสายฟ้า'],
      ['Crazy Time', 'เครซี่ไทม์'],
    ],
  },
  {
    provider: {
      id: 'dreamgaming',
      name: 'Dream Gaming',
      nameTh: 'ดรีม เกมมิ่ง',
      categories: ['casino'],
    },
    games: 30,
    weights: {},
    famous: [],
  },
  {
    provider: { id: 'sbobet', name: 'SBOBET', nameTh: 'สโบเบ็ต', categories: ['sport'] },
    games: 12,
    weights: {},
    famous: [],
  },
  {
    provider: { id: 'saba', name: 'Saba Sports', nameTh: 'ซาบา สปอร์ต', categories: ['sport'] },
    games: 12,
    weights: {},
    famous: [],
  },
]

const SLOT_WORDS = {
  adjectives: [
    ['Fortune', 'นำโชค'],
    ['Lucky', 'โชคดี'],
    ['Golden', 'ทองคำ'],
    ['Mighty', 'ผู้ยิ่งใหญ่'],
    ['Wild', 'จอมซ่า'],
    ['Magic', 'มหัศจรรย์'],
    ['Royal', 'ราชันย์'],
    ['Super', 'สุดแกร่ง'],
    ['Treasure', 'ขุมทรัพย์'],
    ['Jade', 'หยก'],
    ['Thunder', 'สายฟ้า'],
    ['Sweet', 'แสนหวาน'],
    ['Crazy', 'สุดป่วน'],
    ['Happy', 'แสนสุข'],
    ['Ancient', 'โบราณ'],
    ['Diamond', 'เพชร'],
    ['Red', 'สีแดง'],
    ['Moon', 'จันทรา'],
    ['Fire', 'เพลิง'],
    ['Emperor', 'จักรพรรดิ'],
  ],
  nouns: [
    ['Tiger', 'เสือ'],
    ['Dragon', 'มังกร'],
    ['Ox', 'วัว'],
    ['Rabbit', 'กระต่าย'],
    ['Koi', 'ปลาคาร์ป'],
    ['Phoenix', 'หงส์'],
    ['Panda', 'แพนด้า'],
    ['Monkey', 'ลิง'],
    ['Elephant', 'ช้าง'],
    ['Queen', 'ราชินี'],
    ['Pharaoh', 'ฟาโรห์'],
    ['Candy', 'ลูกอม'],
    ['Fruits', 'ผลไม้'],
    ['Gems', 'อัญมณี'],
    ['Buffalo', 'ควาย'],
    ['Lion', 'สิงโต'],
    ['Wolf', 'หมาป่า'],
    ['Samurai', 'ซามูไร'],
    ['Ninja', 'นินจา'],
    ['Mermaid', 'นางเงือก'],
    ['Genie', 'ยักษ์จินนี่'],
    ['Garuda', 'ครุฑ'],
    ['Naga', 'พญานาค'],
    ['Muay Thai', 'มวยไทย'],
  ],
  suffixes: ['', '', '', '', ' Megaways', ' Deluxe', ' 2', ' Rising'],
} as const

const FISHING_WORDS = [
  ['Ocean King', 'ราชาแห่งท้องทะเล'],
  ['Dragon Fishing', 'ยิงปลามังกร'],
  ['Bombing Fishing', 'ยิงปลาระเบิด'],
  ['Jackpot Fishing', 'ยิงปลาแจ็คพอต'],
  ['Mega Fishing', 'ยิงปลาเมกะ'],
  ['Golden Toad', 'คางคกทองคำ'],
  ['Shark Hunter', 'นักล่าฉลาม'],
  ['Happy Fishing', 'ยิงปลาแสนสุข'],
  ['Fishing War', 'สงครามยิงปลา'],
  ['Royal Fishing', 'ยิงปลาราชันย์'],
  ['Zombie Party', 'ปาร์ตี้ซอมบี้'],
  ['Mermaid Hunter', 'ล่านางเงือก'],
] as const

const CARD_WORDS = [
  ['ป๊อกเด้ง', 'Pok Deng'],
  ['ไพ่แคง', 'Kaeng'],
  ['ดัมมี่', 'Dummy'],
  ['เก้าเก', 'Kao Kae'],
  ['เท็กซัสโฮลเด็ม', "Texas Hold'em"],
  ['แบล็คแจ็ค', 'Blackjack'],
  ['เสือมังกร', 'Dragon Tiger'],
  ['ไฮโลไทย', 'Thai Hi-Lo'],
  ['น้ำเต้าปูปลา', 'Fish Prawn Crab'],
  ['ไพ่สลาฟ', 'Slave'],
  ['รัมมี่', 'Rummy'],
  ['บิงโก', 'Bingo'],
] as const
const CARD_VARIANTS = ['', ' Rush', ' VIP', ' Speed', ' Classic', ' Deluxe', ' 2', ' Royale']

const TABLE_WORDS = [
  ['บาคาร่า', 'Baccarat'],
  ['บาคาร่าสปีด', 'Speed Baccarat'],
  ['เสือมังกร', 'Dragon Tiger'],
  ['รูเล็ต', 'Roulette'],
  ['ไฮโล', 'Sic Bo'],
  ['แบล็คแจ็ค', 'Blackjack'],
  ['ป๊อกเด้ง', 'Pok Deng'],
  ['กำถั่ว', 'Fan Tan'],
] as const

const SPORT_WORDS = [
  ['ฟุตบอล', 'Football'],
  ['บาสเกตบอล', 'Basketball'],
  ['มวยไทย', 'Muay Thai'],
  ['อีสปอร์ต', 'E-Sports'],
  ['เทนนิส', 'Tennis'],
  ['วอลเลย์บอล', 'Volleyball'],
  ['แบดมินตัน', 'Badminton'],
  ['ฟุตบอลเสมือนจริง', 'Virtual Football'],
  ['ม้าแข่ง', 'Horse Racing'],
  ['สนุกเกอร์', 'Snooker'],
  ['ฟุตซอล', 'Futsal'],
  ['มอเตอร์สปอร์ต', 'Motor Sports'],
] as const

/** A small seeded generator (mulberry32): the same catalogue on every start. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] ?? list[0]!
}

function categoryFor(plan: ProviderPlan, random: () => number): GameCategory {
  let roll = random()
  for (const category of plan.provider.categories) {
    const weight = plan.weights[category] ?? 0
    if (roll < weight) return category
    roll -= weight
  }
  return plan.provider.categories[0]!
}

/** A name not yet used by this provider: [shown, other script]. */
function nameFor(
  category: GameCategory,
  index: number,
  random: () => number,
  used: Set<string>,
): [string, string] {
  for (let attempt = 0; ; attempt++) {
    let name: [string, string]
    if (category === 'slot') {
      const [adjEn, adjTh] = pick(SLOT_WORDS.adjectives, random)
      const [nounEn, nounTh] = pick(SLOT_WORDS.nouns, random)
      const suffix = pick(SLOT_WORDS.suffixes, random)
      name = [
        `${adjEn} ${nounEn}${suffix}`,
        `${nounTh}${adjTh}${suffix.replace(' Megaways', ' เมกะเวย์').replace(' Deluxe', ' ดีลักซ์').replace(' Rising', ' ไรซิ่ง')}`,
      ]
    } else if (category === 'fishing') {
      const [en, th] = pick(FISHING_WORDS, random)
      const n = attempt >= 3 ? ` ${attempt}` : ''
      name = [`${en}${n}`, `${th}${n}`]
    } else if (category === 'card') {
      const [th, en] = pick(CARD_WORDS, random)
      const variant = pick(CARD_VARIANTS, random)
      name = [`${th}${variant}`, `${en}${variant}`]
    } else if (category === 'casino') {
      const [th, en] = pick(TABLE_WORDS, random)
      const table = `${'ABCDEFGH'[index % 8]}${String((index % 30) + 1).padStart(2, '0')}`
      name = [`${th} ${table}`, `${en} ${table}`]
    } else {
      const [th, en] = SPORT_WORDS[index % SPORT_WORDS.length]!
      name = [th, en]
    }
    if (!used.has(name[0])) {
      used.add(name[0])
      return name
    }
  }
}

export interface CatalogueGame extends Omit<Game, 'status'> {
  /** The game's own status (a provider's status may override it). */
  baseStatus: GameStatus
}

function buildCatalogue(): { providers: Provider[]; games: CatalogueGame[] } {
  const providers: Provider[] = PLANS.map((plan) => ({
    ...plan.provider,
    categories: [...plan.provider.categories],
    logo: `/img/providers/${plan.provider.id}.svg`,
    status: 'open',
  }))
  const perProvider = PLANS.map((plan, p) => {
    const random = seeded(0x9e3779b9 ^ ((p + 1) * 7919))
    const used = new Set<string>()
    return Array.from({ length: plan.games }, (_, i): CatalogueGame => {
      const famous = plan.famous[i]
      const category = famous
        ? (famous[2] ?? plan.provider.categories[0]!)
        : categoryFor(plan, random)
      if (famous) used.add(famous[0])
      const [name, altName] = famous ? [famous[0], famous[1]] : nameFor(category, i, random, used)
      const id = `${plan.provider.id}-${String(i + 1).padStart(3, '0')}`
      const tags: Game['tags'] = []
      if (i >= plan.games - 4) tags.push('new')
      if (famous || i % 9 === 4) tags.push('hot')
      // A few games are down, as on a real backend (never a famous one).
      const baseStatus: GameStatus =
        !famous && i % 97 === 60 ? 'maintenance' : !famous && i % 131 === 70 ? 'closed' : 'open'
      return {
        id,
        name,
        altName,
        provider: plan.provider.id,
        category,
        image: `/img/games/${id}.svg`,
        baseStatus,
        tags,
      }
    })
  })
  // Interleaved (each provider's first game, then each one's second, ...):
  // a lobby's first page shows many providers, their best titles first.
  const games: CatalogueGame[] = []
  const longest = Math.max(...perProvider.map((list) => list.length))
  for (let i = 0; i < longest; i++) {
    for (const list of perProvider) {
      const game = list[i]
      if (game) games.push(game)
    }
  }
  return { providers, games }
}

export const CATALOGUE = buildCatalogue()
const GAMES_BY_ID = new Map(CATALOGUE.games.map((game) => [game.id, game]))
const PROVIDERS_BY_ID = new Map(CATALOGUE.providers.map((p) => [p.id, p]))

// ---------------------------------------------------------------------------
// State (held by MockState: statuses set through /__mock/, recently played)

const SEVERITY: Record<GameStatus, number> = { open: 0, maintenance: 1, closed: 2 }

export function providerStatus(state: MockState, providerId: string): GameStatus {
  return state.providerStatus.get(providerId) ?? 'open'
}

/** A game's status as members see it: the worse of its own and its provider's. */
export function gameStatus(state: MockState, game: CatalogueGame): GameStatus {
  const own = state.gameStatus.get(game.id) ?? game.baseStatus
  const provider = providerStatus(state, game.provider)
  return SEVERITY[provider] > SEVERITY[own] ? provider : own
}

function publicGame(state: MockState, game: CatalogueGame): Game {
  const { baseStatus: _base, ...rest } = game
  return { ...rest, tags: [...rest.tags], status: gameStatus(state, game) }
}

/** Lower case, without spaces: "mahjongways" finds "Mahjong Ways". */
function searchKey(text: string): string {
  return text.toLocaleLowerCase('th').replace(/\s+/g, '')
}

/** The catalogue's games matching the filters, in list order (closed ones too: shown greyed). */
export function filterGames(filters: {
  category?: GameCategory
  provider?: string
  q?: string
}): CatalogueGame[] {
  const q = filters.q ? searchKey(filters.q) : ''
  return CATALOGUE.games.filter(
    (game) =>
      (!filters.category || game.category === filters.category) &&
      (!filters.provider || game.provider === filters.provider) &&
      (!q || searchKey(game.name).includes(q) || searchKey(game.altName ?? '').includes(q)),
  )
}

// ---------------------------------------------------------------------------
// Routes

function providers(ctx: RequestContext) {
  const data = CATALOGUE.providers.map((p) => ({
    ...p,
    categories: [...p.categories],
    status: providerStatus(ctx.state, p.id),
  }))
  return dataReply(providersResponseSchema, { data })
}

/** The same list for everyone: visitors browse the lobbies too (no Authorization header). */
function list(ctx: RequestContext) {
  const query = validate(gamesQuerySchema, Object.fromEntries(ctx.url.searchParams))
  const matching = filterGames(query)
  const start = (query.page - 1) * query.pageSize
  const games = matching
    .slice(start, start + query.pageSize)
    .map((game) => publicGame(ctx.state, game))
  return dataReply(gamesResponseSchema, {
    data: { games, page: query.page, pageSize: query.pageSize, total: matching.length },
  })
}

const recentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_RECENT_GAMES).default(10),
})

async function recent(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { limit } = validate(recentQuerySchema, Object.fromEntries(ctx.url.searchParams))
  const ids = ctx.state.recentGames.get(member.id) ?? []
  const games = ids.slice(0, limit).flatMap((id) => {
    const game = GAMES_BY_ID.get(id)
    return game ? [publicGame(ctx.state, game)] : []
  })
  return dataReply(recentGamesResponseSchema, { data: games })
}

/** This server's own origin as the caller reached it. */
function ownOrigin(ctx: RequestContext): string {
  return `http://${ctx.headers.host ?? '127.0.0.1'}`
}

function playUrl(ctx: RequestContext, path: string, params: Record<string, string | undefined>) {
  const url = new URL(path, ownOrigin(ctx))
  // A single-use session id, as real providers hand out.
  url.searchParams.set('session', randomBytes(9).toString('base64url'))
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value)
  }
  return url.toString()
}

async function launch(ctx: RequestContext) {
  const member = await ctx.sessions.authenticate(ctx.headers.authorization)
  const { gameId, returnUrl } = jsonBody(ctx, launchGameRequestSchema)
  const game = GAMES_BY_ID.get(gameId)
  if (!game) throw new ApiError(404, 'GAME_NOT_FOUND', `No such game: ${gameId}`)
  const status = gameStatus(ctx.state, game)
  if (status === 'maintenance') {
    throw new ApiError(409, 'GAME_MAINTENANCE', `Game ${gameId} is under maintenance`)
  }
  if (status === 'closed') throw new ApiError(410, 'GAME_CLOSED', `Game ${gameId} is closed`)
  const recentIds = ctx.state.recentGames.get(member.id) ?? []
  ctx.state.recentGames.set(
    member.id,
    [gameId, ...recentIds.filter((id) => id !== gameId)].slice(0, MAX_RECENT_GAMES),
  )
  const url = playUrl(ctx, '/play', { game: gameId, return: returnUrl })
  return dataReply(launchResponseSchema, { data: { url } })
}

async function launchLotto(ctx: RequestContext) {
  await ctx.sessions.authenticate(ctx.headers.authorization)
  const { returnUrl } = jsonBody(ctx, launchLottoRequestSchema)
  const url = playUrl(ctx, '/play/lotto', { return: returnUrl })
  return dataReply(launchResponseSchema, { data: { url } })
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Only an http(s) address goes into the "back" link. */
function returnLink(ctx: RequestContext): string {
  const raw = ctx.url.searchParams.get('return')
  if (!raw || !/^https?:\/\//.test(raw)) return ''
  return `<p><a href="${escapeHtml(raw)}">กลับสู่ล็อบบี้</a></p>`
}

function playPage(title: string, body: string): string {
  return `<!doctype html><html lang="th"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;background:#0b1020;color:#f1f5f9;margin:0;padding:2rem 1rem;text-align:center}a{color:#fbbf24}</style>
</head><body>${body}</body></html>`
}

function play(ctx: RequestContext) {
  const game = GAMES_BY_ID.get(ctx.url.searchParams.get('game') ?? '')
  if (!game) return htmlReply(playPage('ไม่พบเกม', '<h1>ไม่พบเกม</h1>'), 404)
  const provider = PROVIDERS_BY_ID.get(game.provider)
  return htmlReply(
    playPage(
      game.name,
      `<h1 data-game="${escapeHtml(game.id)}">กำลังเข้าสู่เกม ${escapeHtml(game.name)}</h1>` +
        `<p>${escapeHtml(provider?.name ?? '')} · ระบบเกมตัวอย่าง</p>${returnLink(ctx)}`,
    ),
  )
}

function playLotto(ctx: RequestContext) {
  return htmlReply(
    playPage(
      'หวยออนไลน์',
      `<h1 data-lotto="1">กำลังเข้าสู่ระบบหวย</h1><p>ระบบหวยตัวอย่าง</p>${returnLink(ctx)}`,
    ),
  )
}

const statusControlSchema = z
  .object({
    game: z.string().optional(),
    provider: z.string().optional(),
    status: gameStatusSchema,
  })
  .strict()
  .refine((body) => (body.game === undefined) !== (body.provider === undefined), {
    message: 'name a game or a provider',
  })
const statusControlResponseSchema = envelope(
  z.object({
    game: z.string().optional(),
    provider: z.string().optional(),
    status: gameStatusSchema,
  }),
)

function setStatus(ctx: RequestContext) {
  const body = jsonBody(ctx, statusControlSchema)
  if (body.game !== undefined) {
    if (!GAMES_BY_ID.has(body.game)) throw new ApiError(404, 'NOT_FOUND', `No game ${body.game}`)
    ctx.state.gameStatus.set(body.game, body.status)
  } else if (body.provider !== undefined) {
    if (!PROVIDERS_BY_ID.has(body.provider)) {
      throw new ApiError(404, 'NOT_FOUND', `No provider ${body.provider}`)
    }
    ctx.state.providerStatus.set(body.provider, body.status)
  }
  return dataReply(statusControlResponseSchema, { data: body })
}

export const gameRoutes: readonly Route[] = [
  { method: 'GET', path: '/games/providers', handler: providers },
  { method: 'GET', path: '/games', handler: list },
  { method: 'GET', path: '/games/recent', handler: recent },
  { method: 'POST', path: '/games/launch', handler: launch },
  { method: 'POST', path: '/lotto/launch', handler: launchLotto },
  { method: 'GET', path: '/play', handler: play },
  { method: 'GET', path: '/play/lotto', handler: playLotto },
  { method: 'POST', path: '/__mock/games/status', handler: setStatus },
]
