/**
 * docs/backend-api.md's live events table against the schema the app reads
 * (app/backend/events.schemas.ts): every event type has its row, every field
 * is named there, and every id says whether it is a string or an integer
 * (a withdrawal's and a promotion's ids are strings, an order's and a slip's
 * integers: a backend that sends the other kind has its events skipped).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { memberEventSchema } from '~/backend/events.schemas'

const doc = readFileSync(new URL('../../docs/backend-api.md', import.meta.url), 'utf8')

/** The table's row of `type`. */
function row(type: string): string {
  const line = doc.split('\n').find((l) => l.trim().startsWith(`| \`${type}\` |`))
  if (!line) throw new Error(`no row for ${type}`)
  return line
}

function kindOf(field: z.ZodTypeAny): 'string' | 'integer' | 'other' {
  if (field instanceof z.ZodString) return 'string'
  if (field instanceof z.ZodNumber) return field.isInt ? 'integer' : 'other'
  return 'other'
}

describe('the live events table of docs/backend-api.md', () => {
  for (const option of memberEventSchema.options) {
    const shape = option.shape as Record<string, z.ZodTypeAny>
    const type = (shape.type as z.ZodLiteral<string>).value
    it(`${type}: every field named, every id with its kind`, () => {
      const text = row(type)
      for (const [name, field] of Object.entries(shape)) {
        if (name === 'type' || name === 'at') continue
        expect(text, `${type}.${name}`).toContain(`\`${name}\``)
        if (!/Id$/.test(name)) continue
        const kind = kindOf(field)
        expect(text, `${type}.${name} is ${kind === 'integer' ? 'an' : 'a'} ${kind}`).toMatch(
          new RegExp(`\`${name}\` \\(${kind}\\)`),
        )
      }
    })
  }
})
