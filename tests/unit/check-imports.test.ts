import { describe, expect, it } from 'vitest'
import { specifiers } from '../../scripts/check-imports.mjs'

describe('check-imports reads every import of a module', () => {
  it('type-only ones too, and re-exports and import()', () => {
    const source = [
      "import type { RootData } from '~/ui/root-data'",
      "import { type ShellMember, other } from '~/lib/shell'",
      "import {\n  a,\n  type B,\n} from './numbers'",
      "export { x } from '../lib/x'",
      "export type { Y } from '~/lib/y'",
      "import '~/tailwind.css'",
      "const chunk = () => import('~/browser/online')",
    ].join('\n')
    expect(specifiers(source)).toEqual([
      '~/ui/root-data',
      '~/lib/shell',
      './numbers',
      '../lib/x',
      '~/lib/y',
      '~/tailwind.css',
      '~/browser/online',
    ])
  })

  it('not the ones a comment mentions, but a URL in a string stays code', () => {
    const source = [
      "/** loaded with import('~/ui/toaster.client') when a toast comes */",
      "// import { guard } from '~/security/guard'",
      "const url = 'https://example.com' // import('~/x')",
      "import { a } from '~/lib/a'",
    ].join('\n')
    expect(specifiers(source)).toEqual(['~/lib/a'])
  })
})
