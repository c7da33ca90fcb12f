/**
 * Decision 0162: zod reaches the browser only in the chunk a form loads on
 * its first focus, never in the static graph of the forms' browser modules.
 */
import { resolve } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'

const entries = ['app/forms/use-schema-form.ts', 'app/forms/member-form.tsx']

/** Every input of `output` and of what it imports statically. */
function staticInputs(metafile: Metafile, output: string, seen = new Set<string>()): string[] {
  if (seen.has(output)) return []
  seen.add(output)
  const { inputs, imports } = metafile.outputs[output]!
  return [
    ...Object.keys(inputs),
    ...imports
      .filter((found) => found.kind === 'import-statement' && !found.external)
      .flatMap((found) => staticInputs(metafile, found.path, seen)),
  ]
}

describe('the forms’ browser modules', () => {
  it('load zod and the schemas with import(), not statically', async () => {
    const { metafile } = await build({
      entryPoints: entries,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: 'out',
      write: false,
      metafile: true,
      logLevel: 'silent',
      alias: { '~': resolve('app') },
      external: ['react', 'react-dom', '@remix-run/react'],
    })
    const outputs = Object.entries(metafile.outputs)
    for (const entry of entries) {
      const [output] = outputs.find(([, meta]) => meta.entryPoint === entry)!
      const reached = staticInputs(metafile, output)
      expect(reached).toContain(entry)
      expect(
        reached.filter((input) => /node_modules\/zod\/|forms\/schemas\.ts$/.test(input)),
      ).toEqual([])
    }
    const lazy = outputs.find(([, meta]) => meta.entryPoint === 'app/forms/schemas.ts')
    expect(
      Object.keys(lazy?.[1].inputs ?? {}).some((input) => input.includes('node_modules/zod/')),
    ).toBe(true)
  })
})
