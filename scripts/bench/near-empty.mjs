/**
 * The bench's yardstick for a page: a near-empty Remix v2 app (a root with
 * <Meta/>, <Links/> and <Scripts/>, and an `_index` route rendering one
 * <h1>), written to a temporary folder, built with this repository's
 * node_modules (the same Remix, React and future flags as the app) and served
 * by remix-serve. What the app's pages cost beyond it is the app's own.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import appConfig from '../../remix.config.js'

const FILES = {
  // Remix reads the server runtime from the dependencies.
  'package.json': JSON.stringify({
    name: 'near-empty',
    private: true,
    type: 'module',
    dependencies: {
      '@remix-run/node': '*',
      '@remix-run/react': '*',
      '@remix-run/serve': '*',
      isbot: '*',
      react: '*',
      'react-dom': '*',
    },
  }),
  // The app's own future flags, read from its remix.config.js.
  'remix.config.js': `export default ${JSON.stringify(
    { serverModuleFormat: 'esm', future: appConfig.future },
    null,
    2,
  )}
`,
  'app/root.tsx': `import { Links, Meta, Outlet, Scripts } from '@remix-run/react'

export default function App() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  )
}
`,
  'app/routes/_index.tsx': `export default function Index() {
  return <h1>Hello</h1>
}
`,
}

/**
 * Writes and builds the near-empty app; resolves with its folder (remove it
 * with `removeNearEmpty`). `repoRoot` holds the node_modules it builds with.
 */
export function buildNearEmpty(repoRoot) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-near-empty-'))
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  symlinkSync(resolve(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir')
  const built = spawnSync(join(dir, 'node_modules/.bin/remix'), ['build'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (built.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`remix build of the near-empty page failed:\n${built.stdout}${built.stderr}`)
  }
  return dir
}

export function removeNearEmpty(dir) {
  rmSync(dir, { recursive: true, force: true })
}
