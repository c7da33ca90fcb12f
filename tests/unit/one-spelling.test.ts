/**
 * One spelling for one word. "ค่าคอมมิชชัน" is the Royal Institute's
 * spelling of commission; the app once wrote it three ways (คอมมิชชั่น on
 * /affiliate, คอมมิชชัน in the history filter), so a member read two words
 * for one thing. Every source, test and document of the project spells it
 * one way.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SELF = fileURLToPath(import.meta.url)
const TEXT_FILE = /\.(ts|tsx|md|json)$/

/** Thai words of the product and their one spelling: any other spelling of the stem is wrong. */
const SPELLINGS: readonly { stem: RegExp; spelling: string }[] = [
  // คอมมิชชัน, not คอมมิชชั่น, คอมมิสชั่น, คอมมิชั่น or คอมมิสชัน.
  { stem: /คอมมิ[ชสซ]{1,2}[ัั่]{1,2}น/gu, spelling: 'คอมมิชชัน' },
]

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path)
    return TEXT_FILE.test(entry.name) ? [path] : []
  })
}

/** Each wrong spelling in the files under `dir`, as "path: word". */
export function misspelt(dir: string): string[] {
  const found: string[] = []
  for (const file of files(join(ROOT, dir))) {
    const text = readFileSync(file, 'utf8')
    // This file names the wrong spellings on purpose.
    if (file === SELF) continue
    for (const { stem, spelling } of SPELLINGS) {
      for (const [word] of text.matchAll(stem)) {
        if (word !== spelling) found.push(`${relative(ROOT, file)}: ${word}`)
      }
    }
  }
  return found
}

describe('one spelling for one word', () => {
  it.each(['app', 'tests', 'docs'])('%s/ spells ค่าคอมมิชชัน one way', (dir) => {
    expect(misspelt(dir)).toEqual([])
  })

  it('finds the spellings it refuses', () => {
    const stem = SPELLINGS[0]!.stem
    for (const wrong of ['คอมมิชชั่น', 'คอมมิสชั่น', 'คอมมิชั่น', 'คอมมิสชัน'])
      expect([...wrong.matchAll(stem)].map(([word]) => word)).toEqual([wrong])
    expect([...'ค่าคอมมิชชัน'.matchAll(stem)].map(([word]) => word)).toEqual(['คอมมิชชัน'])
  })
})
