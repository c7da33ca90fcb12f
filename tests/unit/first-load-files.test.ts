/**
 * Decision 0148: what keeps the first load in few files. The classic
 * compiler as patches/@remix-run+dev+*.patch changes it: route shims
 * re-export app/first-load*.ts, a route's `.server` stand-in is its own
 * module (unpatched, those three tests fail); thai-date.ts loads no date library,
 * and the bench counts a document's module scripts and font preloads.
 * Decision 0163: no page's browser code carries date-fns.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build, type Metafile, type Plugin } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { documentRequests } from '../../scripts/bench/sizes.mjs'

const require = createRequire(import.meta.url)
const appDirectory = resolve('app')

type OnResolve = (args: { path: string; resolveDir: string }) => { path: string } | undefined
type OnLoad = (args: { path: string }) => Promise<{ contents: string }>

/** The callbacks an esbuild plugin registers, without esbuild. */
function setUp(plugin: { setup: (build: unknown) => unknown }) {
  const found: { resolve?: OnResolve; load?: OnLoad } = {}
  void plugin.setup({
    onResolve: (_: unknown, fn: OnResolve) => (found.resolve = fn),
    onLoad: (_: unknown, fn: OnLoad) => (found.load = fn),
  })
  return found
}

describe('the browser shim of a route module (patches/@remix-run+dev)', () => {
  const { browserRouteModulesPlugin } = require('@remix-run/dev/dist/compiler/js/plugins/routes.js')
  const routes = {
    'routes/_default._index': {
      id: 'routes/_default._index',
      file: 'routes/_default._index/route.tsx',
    },
    'routes/_guest.login': { id: 'routes/_guest.login', file: 'routes/_guest.login/route.tsx' },
  }
  const ctx = {
    config: { appDirectory, routes },
    fileWatchCache: { getOrSet: async () => ({ cacheValue: ['default', 'meta'] }) },
  }
  const shim = (file: string) => {
    const { load } = setUp(browserRouteModulesPlugin(ctx, /\?browser$/))
    return load!({ path: `${file}?browser` }).then((r) => r.contents)
  }

  it('re-exports the first load shared by every page', async () => {
    const contents = await shim('routes/_guest.login/route.tsx')
    expect(contents).toContain('export { default, meta } from "./routes/_guest.login/route.tsx";')
    expect(contents).toContain('export { firstLoad as __firstLoad } from "./first-load";')
    // The guest layout has no first-load file of its own.
    expect(contents).not.toContain('__layoutFirstLoad')
  })

  it("re-exports the member shell's first load on the shell's pages", async () => {
    const contents = await shim('routes/_default._index/route.tsx')
    expect(contents).toContain(
      'export { firstLoad as __layoutFirstLoad } from "./first-load._default";',
    )
  })
})

describe('a route\'s ".server" stand-in (patches/@remix-run+dev)', () => {
  const { emptyModulesPlugin } = require('@remix-run/dev/dist/compiler/plugins/emptyModules.js')
  const { resolve: resolveEmpty } = setUp(
    emptyModulesPlugin({ config: { appDirectory } }, /\.server(\.[jt]sx?)?$/),
  )

  it("is keyed by the file, so two routes' ./page.server are two modules", () => {
    const one = resolveEmpty!({
      path: './page.server',
      resolveDir: join(appDirectory, 'routes/_default._index'),
    })
    const two = resolveEmpty!({
      path: './page.server',
      resolveDir: join(appDirectory, 'routes/_default.lotto._index'),
    })
    expect(one?.path).toBe(join('routes/_default._index', 'page.server'))
    expect(two?.path).not.toBe(one?.path)
  })
})

describe('app/lib/thai-date.ts', () => {
  it('imports no date library (pages showing a clock load none)', () => {
    const source = readFileSync(join(appDirectory, 'lib/thai-date.ts'), 'utf8')
    expect(source).not.toMatch(/from\s+['"]date-fns/)
  })
})

const packagesAndStyles: Plugin = {
  name: 'packages-and-styles',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./~]|\.css$/ }, (args) => ({ path: args.path, external: true }))
  },
}

/** The browser build's route shims and `.server` stand-ins; packages and styles stay imports. */
async function browserBuild() {
  const { readConfig } = require('@remix-run/dev/dist/config.js')
  const { browserRouteModulesPlugin } = require('@remix-run/dev/dist/compiler/js/plugins/routes.js')
  const { emptyModulesPlugin } = require('@remix-run/dev/dist/compiler/plugins/emptyModules.js')
  const config = await readConfig(resolve('.'), 'production')
  const ctx = { config, fileWatchCache: { getOrSet: (_: string, make: () => unknown) => make() } }
  const routeEntries = Object.values(config.routes as Record<string, { file: string }>).map(
    (route) => `${route.file}?browser`,
  )
  const { metafile } = await build({
    absWorkingDir: appDirectory,
    entryPoints: ['entry.client.tsx', ...routeEntries],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'browser-check',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      browserRouteModulesPlugin(ctx, /\?browser$/),
      emptyModulesPlugin(ctx, /\.server(\.[jt]sx?)?$/),
      packagesAndStyles,
    ],
  })
  return metafile
}

const built = browserBuild()

describe('the browser code of every route (decision 0163)', () => {
  it('carries no date-fns: dates are written out by the loaders', async () => {
    const metafile = await built
    const withDateFns = Object.entries(metafile.outputs).flatMap(([output, { imports, inputs }]) =>
      imports.some((i) => i.path === 'date-fns' || i.path.startsWith('date-fns/'))
        ? [`${output}: ${Object.keys(inputs).join(', ')}`]
        : [],
    )
    expect(withDateFns).toEqual([])
  })
})

describe("a route's deferred parts (decisions 0148, 0172)", () => {
  // Loaded with import() once the page runs: none of these is in its route's first load.
  const deferred: Record<string, string[]> = {
    'routes/_default._index/route.tsx': [
      'ui/home/news-list.tsx',
      'ui/home/recent-games.tsx',
      'ui/home/banner-carousel.tsx',
      'ui/home/services.tsx',
    ],
    'routes/_default.transaction/route.tsx': [
      'routes/_default.transaction/deposit.tsx',
      'routes/_default.transaction/withdraw.tsx',
      'routes/_default.transaction/history.tsx',
    ],
    'routes/_default.lotto.stake/route.tsx': [
      'routes/_default.lotto.stake/limited-list.tsx',
      'routes/_default.lotto.stake/slip-form.tsx',
      'routes/_default.lotto.stake/confirm.tsx',
      'browser/install-offer.ts',
    ],
    'routes/_default.lotto.stake-set.($id)/route.tsx': [
      'routes/_default.lotto.stake-set.($id)/set-list.tsx',
      'routes/_default.lotto.stake-set.($id)/set-page.tsx',
    ],
    'routes/_default.lotto.yeekee.($drawId)/route.tsx': [
      'routes/_default.lotto.yeekee.($drawId)/shots.tsx',
      'lib/thai-date.ts',
    ],
    'routes/_default.affiliate/route.tsx': [
      'routes/_default.affiliate/below-fold.tsx',
      'ui/bar-chart.tsx',
    ],
    'routes/_default.order.payment.($id)/route.tsx': ['browser/install-offer.ts'],
    'routes/_default.alliance._index/route.tsx': [
      'routes/_default.alliance._index/no-team.tsx',
      'forms/account-forms.ts',
    ],
    'routes/_default.lotto.result/route.tsx': [
      'routes/_default.lotto.result/result-body.tsx',
      'ui/thai-date-choice.tsx',
    ],
    'routes/_default.notifications/route.tsx': ['routes/_default.notifications/push-panel.tsx'],
    'routes/_default.promotion/route.tsx': [
      'routes/_default.promotion/detail.tsx',
      'ui/bar-chart.tsx',
    ],
    ...Object.fromEntries(
      [
        'routes/_default.games._index.tsx',
        'routes/_default.casino.tsx',
        'routes/_default.slot.tsx',
        'routes/_default.sport.tsx',
        'routes/_default.games.lobby/route.tsx',
      ].map((route) => [
        route,
        ['ui/games/lobby.tsx', 'ui/games/game-tile.tsx', 'ui/chip-links.tsx'],
      ]),
    ),
  }

  /** The source files of a route's first load: its file and the files it imports statically. */
  function firstLoadInputs(metafile: Metafile, route: string) {
    const outputs = new Map(Object.entries(metafile.outputs))
    const entry = [...outputs].find(
      ([, output]) => output.entryPoint === `browser-route-module:${route}?browser`,
    )
    expect(entry, route).toBeDefined()
    const seen = new Set<string>()
    const walk = (path: string) => {
      const output = outputs.get(path)
      if (!output || seen.has(path)) return
      seen.add(path)
      for (const i of output.imports) if (i.kind === 'import-statement') walk(i.path)
    }
    walk(entry![0])
    return new Set([...seen].flatMap((path) => Object.keys(outputs.get(path)!.inputs)))
  }

  it('keeps the first load in one shared file (each part re-exports `firstLoad`)', async () => {
    const metafile = await built
    const filesOf = (input: string) =>
      Object.entries(metafile.outputs).flatMap(([path, output]) =>
        input in output.inputs ? [path] : [],
      )
    const shared = filesOf('first-load.ts')
    // Modules of the first load that the parts import too: a part reaching only them would split them out.
    for (const input of ['lib/money.ts', 'lib/pages.ts', 'ui/states.tsx', 'ui/member.ts']) {
      expect(filesOf(input), input).toEqual(shared)
    }
  })

  it.each(Object.entries(deferred))('%s loads them later', async (route, parts) => {
    const metafile = await built
    const inFirstLoad = firstLoadInputs(metafile, route)
    // Each part is in the build (a wrong path would prove nothing) ...
    for (const part of parts) expect(Object.keys(metafile.inputs), part).toContain(part)
    // ... and out of the route's first load.
    expect(parts.filter((part) => inFirstLoad.has(part))).toEqual([])
  })
})

describe('the first load of every page (decision 0171)', () => {
  it('holds neither the error page (and its texts), the watch banner nor the live stream: they load on use', async () => {
    const { outputs } = await built
    // What a page's browser entry and route modules import statically, not what they import().
    const firstLoad = new Set<string>()
    const visit = (output: string) => {
      const file = outputs[output]
      if (firstLoad.has(output) || !file) return
      firstLoad.add(output)
      for (const i of file.imports) if (i.kind === 'import-statement') visit(i.path)
    }
    for (const [output, { entryPoint }] of Object.entries(outputs)) {
      if (entryPoint === 'entry.client.tsx' || entryPoint?.endsWith('?browser')) visit(output)
    }
    const loadedOnUse = [
      'ui/error-page.tsx',
      'lib/error-text.ts',
      'lib/errors.ts',
      'ui/watcher-banner.tsx',
      'ui/live/live-stream.tsx',
    ]
    const found = [...firstLoad].flatMap((output) =>
      Object.keys(outputs[output]?.inputs ?? {})
        .filter((input) => loadedOnUse.includes(input))
        .map((input) => `${input} in ${output}`),
    )
    expect(found).toEqual([])
    // The chunks it loads on use are there.
    const onUse = Object.values(outputs).flatMap((o) => Object.keys(o.inputs))
    expect(onUse).toEqual(expect.arrayContaining(loadedOnUse))
  })
})

describe("the bench's count of a document's requests", () => {
  it('counts modulepreloads, module scripts and font preloads', () => {
    const html = [
      '<link rel="preload" href="/build/_assets/a.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
      '<link rel="stylesheet" href="/build/_assets/t.css"/>',
      '<link rel="modulepreload" href="/build/entry.client.js"/>',
      '<link rel="modulepreload" href="/build/root.js"/>',
      '<script>window.__remixContext = {}</script>',
      '<script type="module" async="">import "/build/manifest.js";</script>',
    ].join('')
    expect(documentRequests(html)).toEqual({ modulepreload: 2, moduleScripts: 1, fontPreload: 1 })
  })
})
