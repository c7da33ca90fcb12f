import { describe, expect, it } from 'vitest'
import { specifiers } from '../../scripts/check-imports.mjs'
import { refusal } from '../../scripts/lib/layers.mjs'

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

describe('the layers refuse (one rule for ESLint and check-imports)', () => {
  it('a layer above, another domain, the browser from the server, the session from ui', () => {
    expect(refusal('lib/money.ts', 'server/env.server.ts')).toMatch(/a layer above/)
    expect(refusal('lotto/slip.ts', 'wallet/orders.ts')).toMatch(/another domain/)
    expect(refusal('session/cookie.server.ts', 'browser/online.ts')).toMatch(/server only/)
    expect(refusal('ui/shell.tsx', 'session/cookie.server.ts')).toMatch(/loader/)
    expect(refusal('security/guard.ts', 'root.tsx')).toMatch(/a layer above/)
  })

  it("but its own layer, the ones below, and the backend's types in ui", () => {
    expect(refusal('lotto/slip.ts', 'lotto/numbers.ts')).toBeNull()
    expect(refusal('ui/shell.tsx', 'backend/config.schemas.ts')).toBeNull()
    expect(refusal('ui/shell.tsx', 'browser/online.ts')).toBeNull()
    expect(refusal('root.tsx', 'routes/x/route.tsx')).toBeNull()
  })
})
