import { describe, expect, it } from 'vitest'
import type { MemberContext } from '~/backend/client.server'
import { VAPID_KEY_TTL_MS, vapidPublicKey } from '~/backend/push.server'

/** A member whose calls answer the VAPID key `key`, counted. */
function memberAnswering(key: string) {
  const asked: string[] = []
  const ctx = {
    member: {
      call: async (req: { path: string }) => {
        asked.push(req.path)
        return { publicKey: key }
      },
    },
  } as unknown as MemberContext
  return { ctx, asked }
}

describe('vapidPublicKey', () => {
  it('asks the backend once for every member while the key is kept, then again', async () => {
    const first = memberAnswering('key-one')
    const second = memberAnswering('key-two')
    expect(await vapidPublicKey(first.ctx, 1_000)).toBe('key-one')
    expect(await vapidPublicKey(second.ctx, 1_000 + VAPID_KEY_TTL_MS - 1)).toBe('key-one')
    expect(second.asked).toEqual([])
    expect(await vapidPublicKey(second.ctx, 1_000 + VAPID_KEY_TTL_MS)).toBe('key-two')
    expect([...first.asked, ...second.asked]).toEqual(['/member/push/key', '/member/push/key'])
  })
})
