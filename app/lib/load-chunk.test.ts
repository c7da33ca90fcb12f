import { describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_STORAGE_KEY } from '~/lib/constants'
import { loadChunk, shouldReloadForChunk } from '~/lib/load-chunk'

function memoryStorage(initial?: string) {
  const map = new Map<string, string>()
  if (initial !== undefined) map.set(CHUNK_RELOAD_STORAGE_KEY, initial)
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  }
}

describe('shouldReloadForChunk', () => {
  it('no stamp: reload', () => expect(shouldReloadForChunk(memoryStorage(), 5)).toBe(true))
  it('garbage stamp: reload', () => expect(shouldReloadForChunk(memoryStorage('x'), 5)).toBe(true))
  it('stamp 60 000 ms old: no reload; older: reload', () => {
    expect(shouldReloadForChunk(memoryStorage('1000'), 61_000)).toBe(false)
    expect(shouldReloadForChunk(memoryStorage('1000'), 61_001)).toBe(true)
  })
})

describe('loadChunk', () => {
  it('returns the module when it loads', async () => {
    const reload = vi.fn()
    const storage = memoryStorage()
    await expect(loadChunk(async () => 'ok', { storage, now: () => 1, reload })).resolves.toBe('ok')
    expect(reload).not.toHaveBeenCalled()
  })
  it('reloads once and stamps the time', async () => {
    const reload = vi.fn()
    const storage = memoryStorage()
    void loadChunk(() => Promise.reject(new Error('chunk')), { storage, now: () => 7000, reload })
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(storage.map.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('7000')
  })
  it('within 60 s of the last reload: the error is shown instead', async () => {
    const reload = vi.fn()
    const storage = memoryStorage('7000')
    await expect(
      loadChunk(() => Promise.reject(new Error('chunk')), { storage, now: () => 30_000, reload }),
    ).rejects.toThrow('chunk')
    expect(reload).not.toHaveBeenCalled()
  })
})
