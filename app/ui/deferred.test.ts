import { describe, expect, it } from 'vitest'
import { deferredParts } from '~/ui/deferred'

const Part = () => null

describe('deferredParts', () => {
  it('takes only a module that re-exports the first loads (decision 0172; `tsc` checks it)', async () => {
    // @ts-expect-error a deferred module without the re-exports would split the first load's shared files
    deferredParts({}, () => Promise.resolve({ Part }))
    const module = { Part, __firstLoad: [], __layoutFirstLoad: [] }
    const parts = deferredParts({}, () => Promise.resolve(module))
    await expect(parts.preload()).resolves.toBe(module)
  })
})
