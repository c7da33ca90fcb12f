// The install offer's rules: docs/decisions/0145-installable-app.md. localStorage, never a
// cookie: the server has no use for it.
export const OFFER_STORAGE_KEY = 'install-offer'
export const VISIT_STORAGE_KEY = 'install-offer-visit'
export const MONEY_STEP_EVENT = 'install-offer:money-step'
export const DISMISS_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

export interface OfferState {
  firstVisit?: string
  moneyStepAt?: number
  dismissedAt?: number
  installedAt?: number
}

export type OfferKind = 'prompt' | 'ios'

/** Pages where a sheet would be in the way: paying, leaving for a game, logging in. */
const BUSY_PATHS = [
  /^\/order\/payment\//,
  /^\/games\/launch/,
  /^\/lotto\/launch/,
  /^\/login/,
  /^\/line\//,
  /^\/watcher/,
]

export interface OfferInput {
  state: OfferState
  visit: string
  now: number
  path: string
  standalone: boolean
  watched: boolean
  ios: boolean
  canPrompt: boolean
}

export function offerToShow(input: OfferInput): OfferKind | null {
  const { state } = input
  if (input.standalone || input.watched) return null
  if (state.installedAt !== undefined) return null
  if (state.moneyStepAt === undefined) return null
  if (state.firstVisit === undefined || state.firstVisit === input.visit) return null
  if (state.dismissedAt !== undefined && input.now - state.dismissedAt < DISMISS_DAYS * DAY_MS) {
    return null
  }
  if (BUSY_PATHS.some((busy) => busy.test(input.path))) return null
  if (input.ios) return 'ios'
  return input.canPrompt ? 'prompt' : null
}

/** iPadOS asks as a Mac with a touch screen. */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1
}

export function parseOfferState(raw: string | null): OfferState {
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return {}
    const record = value as Record<string, unknown>
    const state: OfferState = {}
    if (typeof record.firstVisit === 'string') state.firstVisit = record.firstVisit
    for (const key of ['moneyStepAt', 'dismissedAt', 'installedAt'] as const) {
      const at = record[key]
      if (typeof at === 'number' && Number.isFinite(at)) state[key] = at
    }
    return state
  } catch {
    return {}
  }
}

function storageOf(win: Window, kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return win[kind]
  } catch {
    return null // storage blocked: no offer, nothing breaks
  }
}

export function readOfferState(win: Window = window): OfferState {
  return parseOfferState(storageOf(win, 'localStorage')?.getItem(OFFER_STORAGE_KEY) ?? null)
}

export function updateOfferState(change: OfferState, win: Window = window): OfferState {
  const next = { ...readOfferState(win), ...change }
  try {
    storageOf(win, 'localStorage')?.setItem(OFFER_STORAGE_KEY, JSON.stringify(next))
  } catch {
    // full or blocked: the offer simply does not remember
  }
  return next
}

export function currentVisit(win: Window = window): string {
  const session = storageOf(win, 'sessionStorage')
  let visit = session?.getItem(VISIT_STORAGE_KEY) ?? null
  if (!visit) {
    visit = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
    try {
      session?.setItem(VISIT_STORAGE_KEY, visit)
    } catch {
      // blocked: every page is a new visit
    }
  }
  if (readOfferState(win).firstVisit === undefined) updateOfferState({ firstVisit: visit }, win)
  return visit
}

export function noteMoneyStep(win: Window = window): void {
  if (readOfferState(win).moneyStepAt === undefined) {
    updateOfferState({ moneyStepAt: Date.now() }, win)
  }
  win.dispatchEvent(new Event(MONEY_STEP_EVENT))
}
