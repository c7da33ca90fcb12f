import { describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_STORAGE_KEY } from '~/lib/constants'
import { claimChunkReload, loadChunk, shouldReloadForChunk } from '~/browser/load-chunk'

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

  it('at most one reload per 60 s: a second failure right after the first shows the error', async () => {
    const reload = vi.fn()
    const storage = memoryStorage()
    const failing = () => Promise.reject(new Error('chunk'))
    void loadChunk(failing, { storage, now: () => 10_000, reload })
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    await expect(loadChunk(failing, { storage, now: () => 11_000, reload })).rejects.toThrow(
      'chunk',
    )
    await expect(loadChunk(failing, { storage, now: () => 70_000, reload })).rejects.toThrow(
      'chunk',
    )
    expect(reload).toHaveBeenCalledTimes(1)
    expect(storage.map.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('10000')
    // A minute and a millisecond later the next failure may reload again.
    void loadChunk(failing, { storage, now: () => 70_001, reload })
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2))
    expect(storage.map.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('70001')
  })
  it('storage the browser blocks: no reload, the error is shown', async () => {
    const reload = vi.fn()
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => undefined,
    }
    await expect(
      loadChunk(() => Promise.reject(new Error('chunk')), {
        storage: blocked,
        now: () => 1,
        reload,
      }),
    ).rejects.toThrow('chunk')
    expect(reload).not.toHaveBeenCalled()
  })
})

describe('claimChunkReload', () => {
  it('stamps the time when it allows the reload, and only then', () => {
    const storage = memoryStorage()
    expect(claimChunkReload(storage, 5000)).toBe(true)
    expect(storage.map.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('5000')
    expect(claimChunkReload(storage, 6000)).toBe(false)
    expect(storage.map.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('5000')
  })
  it('a stamp that cannot be written: no reload', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(claimChunkReload(storage, 5000)).toBe(false)
  })
})
