import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { woffToSfnt } from './woff.server'

const require = createRequire(import.meta.url)
const woff = readFileSync(
  require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff'),
)

describe('woffToSfnt', () => {
  it('unwraps a WOFF into the TrueType file of its declared size', () => {
    const sfnt = woffToSfnt(woff)
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4))
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12))
    // WOFF's totalSfntSize is the unwrapped file's size.
    expect(sfnt.length).toBe(woff.readUInt32BE(16))
    // Every table where its record says, of its length (the 'head' table's magic number).
    const tables = sfnt.readUInt16BE(4)
    for (let i = 0; i < tables; i++) {
      const at = 12 + i * 16
      if (sfnt.toString('latin1', at, at + 4) !== 'head') continue
      const offset = sfnt.readUInt32BE(at + 8)
      expect(sfnt.readUInt32BE(offset + 12)).toBe(0x5f0f3cf5)
    }
  })

  it('refuses what is not a WOFF 1.0 file', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 not this one'))).toThrow('not a WOFF 1.0 file')
  })
})
