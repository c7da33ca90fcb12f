// WOFF 1.0 -> the sfnt it wraps (W3C WOFF 1.0, section 5): resvg reads TrueType and OpenType only,
// and WOFF needs only node:zlib. `family` renames the font so the picture can pick each subset.
import { inflateSync } from 'node:zlib'

const WOFF_SIGNATURE = 0x774f4646 // 'wOFF'
const WOFF_HEADER = 44
const WOFF_ENTRY = 20
const SFNT_HEADER = 12
const SFNT_ENTRY = 16
const NAME = 0x6e616d65 // 'name'
/** Family and typographic family (OpenType 'name' IDs 1 and 16). */
const FAMILY_IDS = new Set([1, 16])

interface Table {
  tag: number
  checksum: number
  data: Buffer
}

const padded = (length: number) => (length + 3) & ~3

export function woffToSfnt(woff: Uint8Array, options: { family?: string } = {}): Buffer {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength)
  if (input.length < WOFF_HEADER || input.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error('not a WOFF 1.0 file')
  }
  const flavor = input.readUInt32BE(4)
  const numTables = input.readUInt16BE(12)
  const tables: Table[] = Array.from({ length: numTables }, (_, index) => {
    const at = WOFF_HEADER + index * WOFF_ENTRY
    const tag = input.readUInt32BE(at)
    const offset = input.readUInt32BE(at + 4)
    const compLength = input.readUInt32BE(at + 8)
    const origLength = input.readUInt32BE(at + 12)
    const checksum = input.readUInt32BE(at + 16)
    const stored = input.subarray(offset, offset + compLength)
    const data = compLength < origLength ? inflateSync(stored) : stored
    if (data.length !== origLength) throw new Error('a WOFF table has the wrong length')
    return { tag, checksum, data }
  })
  const { family } = options
  return writeSfnt(
    flavor,
    family === undefined
      ? tables
      : tables.map((table) =>
          table.tag === NAME ? { ...table, data: renamed(table.data, family) } : table,
        ),
  )
}

function writeSfnt(flavor: number, tables: readonly Table[]): Buffer {
  const numTables = tables.length
  // The sfnt header's binary-search fields (OpenType, "Table Directory").
  const entrySelector = Math.floor(Math.log2(numTables))
  const searchRange = 2 ** entrySelector * 16
  let offset = SFNT_HEADER + numTables * SFNT_ENTRY
  const size = tables.reduce((total, table) => total + padded(table.data.length), offset)
  const output = Buffer.alloc(size)
  output.writeUInt32BE(flavor, 0)
  output.writeUInt16BE(numTables, 4)
  output.writeUInt16BE(searchRange, 6)
  output.writeUInt16BE(entrySelector, 8)
  output.writeUInt16BE(numTables * 16 - searchRange, 10)
  tables.forEach((table, index) => {
    const at = SFNT_HEADER + index * SFNT_ENTRY
    output.writeUInt32BE(table.tag, at)
    output.writeUInt32BE(table.checksum, at + 4)
    output.writeUInt32BE(offset, at + 8)
    output.writeUInt32BE(table.data.length, at + 12)
    table.data.copy(output, offset)
    offset += padded(table.data.length)
  })
  return output
}

function renamed(name: Buffer, family: string): Buffer {
  if (name.readUInt16BE(0) !== 0) throw new Error('only a format 0 name table can be renamed')
  const count = name.readUInt16BE(2)
  const storage = name.readUInt16BE(4)
  const records = Array.from({ length: count }, (_, index) => {
    const at = 6 + index * 12
    const [platform, encoding, language, nameId, length, offset] = [0, 2, 4, 6, 8, 10].map(
      (field) => name.readUInt16BE(at + field),
    ) as [number, number, number, number, number, number]
    // Macintosh records (platform 1) are single bytes; Unicode and Windows ones UTF-16BE.
    const text = FAMILY_IDS.has(nameId)
      ? platform === 1
        ? Buffer.from(family, 'latin1')
        : Buffer.from(family, 'utf16le').swap16()
      : name.subarray(storage + offset, storage + offset + length)
    return { platform, encoding, language, nameId, text }
  })
  const header = 6 + count * 12
  const output = Buffer.alloc(header + records.reduce((total, r) => total + r.text.length, 0))
  output.writeUInt16BE(0, 0)
  output.writeUInt16BE(count, 2)
  output.writeUInt16BE(header, 4)
  let offset = 0
  records.forEach((record, index) => {
    const at = 6 + index * 12
    output.writeUInt16BE(record.platform, at)
    output.writeUInt16BE(record.encoding, at + 2)
    output.writeUInt16BE(record.language, at + 4)
    output.writeUInt16BE(record.nameId, at + 6)
    output.writeUInt16BE(record.text.length, at + 8)
    output.writeUInt16BE(offset, at + 10)
    record.text.copy(output, header + offset)
    offset += record.text.length
  })
  return output
}
