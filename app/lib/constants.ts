// Named as in the product spec (section 9).

export const DEFAULT_APP_VERSION = '1.1.12'
export const DEFAULT_APP_COMMIT = 'production'

/** Token lifetimes used only when a token carries no `exp` of its own. */
export const ACCESS_TOKEN_LIFETIME_S = 9000
export const REFRESH_TOKEN_LIFETIME_S = 604_800
/** A token counts as expired this long before its expiry time. */
export const TOKEN_EXPIRY_MARGIN_MS = 500

export const AUTH_PREFIX = 'auth.'
/** A login expires them, so they never add to a member's Cookie header (docs/decisions/0134). */
export const STEP_PROGRESS_COOKIES = {
  registration: 'register.progress',
  passwordRecovery: 'forget.progress',
} as const

export const TOAST = {
  position: 'bottom-center',
  durationMs: 2000,
  widthPx: 360,
  /** What a screen reader calls their region (sonner's own is "Notifications alt+T"). */
  regionLabel: 'การแจ้งเตือน',
} as const

export const LOADING_BAR = {
  /** The bar shows only when a navigation lasts longer than this. */
  throttleMs: 200,
  /** Time to grow from 0 to 100 %; it then stays until the navigation ends. */
  durationMs: 5000,
  /** Growth tick: 2 % every 100 ms reaches 100 % after 5000 ms. */
  tickMs: 100,
  /** After finishing the bar stays at 100 % this long, then hides. */
  hideAfterMs: 500,
  heightPx: 2,
} as const

/** A failed route chunk reloads the page at most once per this window. */
export const CHUNK_RELOAD_GUARD_MS = 60_000
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-at'

export const VALIDATION_DEBOUNCE_MS = 16

/** Backend calls give up after this long unless BACKEND_TIMEOUT_MS says otherwise. */
export const DEFAULT_BACKEND_TIMEOUT_MS = 10_000

/** The original's Splide 2 options, named as there: the carousel maps them to Swiper's. */
export const CAROUSEL = {
  speedMs: 400,
  autoplayIntervalMs: 5000,
  perPage: 1,
  throttleMs: 100,
  dragAngleThresholdDeg: 30,
  swipeDistanceThresholdPx: 150,
  flickVelocityThreshold: 0.6,
  flickPower: 600,
  breakpointDebounceMs: 50,
} as const

/**
 * Long enough for a phone whose answer was lost to come back, short enough that a stolen old
 * cookie cannot hide a theft for long (docs/decisions/0008).
 */
export const DEFAULT_REFRESH_GRACE_MS = 120_000

/** The largest request body the app reads (form posts): larger ones get a Thai 413. */
export const MAX_BODY_BYTES = 64 * 1024
