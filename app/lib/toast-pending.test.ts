import { describe, expect, it } from 'vitest'
import { cookieName } from '~/server/cookies.server'
import { TOAST_PENDING_COOKIE, toastPending } from '~/lib/toast-pending'

describe('toastPending', () => {
  it('finds the signal among the page’s cookies, and only the signal', () => {
    expect(toastPending('app.toast-pending=1')).toBe(true)
    expect(toastPending('theme=dark; app.toast-pending=1; x=2')).toBe(true)
    expect(toastPending('')).toBe(false)
    expect(toastPending('theme=dark; my.app.toast-pending=1; app.toast-pendingx=1')).toBe(false)
  })

  it('finds it under the name the server gives it when cookies are Secure', () => {
    expect(toastPending(`theme=dark; ${cookieName(TOAST_PENDING_COOKIE, true)}=1`)).toBe(true)
    expect(toastPending('__Host-other=1')).toBe(false)
  })
})
