#!/usr/bin/env node
/**
 * The app's production server: remix-serve's own pieces in remix-serve's
 * order, with the app's front door first and one load context per request.
 * `npm start` runs it (scripts/start.mjs); so do the cluster, the bench, the
 * e2e tests and the Docker image. `npm run dev` keeps Remix's dev server.
 *
 *   request        Node's parser: what it cannot read, a Thai 400/431 (onClientError);
 *                  an Expect, a Thai 417 or 100 Continue when the door lets it in
 *   -> requestLog      app/server/log.server.ts: one JSON line per answer (pino-http), the
 *                      request id, query values redacted (app/lib/redact.ts); not the files'
 *   -> frontDoor       app/server/front-door.server.ts: Thai 405/400/413/403,
 *                      build files as the build compressed them, the Server-Timing clock,
 *                      the graceful shutdown's count
 *   -> compression
 *   -> /build/         the hashed build files, immutable for a year
 *   -> public/         other files (listed at start), an hour
 *   -> Remix           getLoadContext (app/server/request-context.server.ts): one
 *                      context per request, `args.context` of its loaders and actions
 *
 * The app's pieces come from the server build (app/entry.server.tsx exports
 * them). Usage: `node server.mjs [build/index.js]`; PORT (3000) and HOST.
 * SIGTERM or SIGINT: no new connections; the app finishes the requests under
 * way, then exits (app/server/shutdown.server.ts). docs/decisions/0118.
 */
import { readdirSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import { installGlobals } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

process.env.NODE_ENV ??= 'production'
const build = await import(pathToFileURL(resolve(process.argv[2] ?? 'build/index.js')).href).catch(
  (error) => {
    // The build checks the environment as it loads: what to set, without a stack.
    if (error?.name !== 'EnvError') throw error
    console.error(error.message)
    process.exit(1)
  },
)
installGlobals({ nativeFetch: build.future.v3_singleFetch })
const { frontDoor, getLoadContext, requestLog } = build.entry.module
const { mayContinue, onCheckExpectation, onClientError } = build.entry.module
if (!frontDoor || !getLoadContext || !onClientError || !requestLog)
  throw new Error('The build predates server.mjs: npm run build')

const buildFiles = `${build.publicPath.replace(/\/$/, '')}/`
const files = listFiles('public')
/** A file of the build or of public/ that was sent: no log line (as before Remix). */
const fileSent = (req, res) => {
  const path = req.url?.split('?')[0] ?? ''
  return res.statusCode < 400 && (path.startsWith(buildFiles) || files.has(path))
}

const app = express()
app.disable('x-powered-by')
app.use(requestLog({ quiet: fileSent }))
app.use(frontDoor)
app.use(compression())
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' }),
)
app.use(publicFiles('public', { maxAge: '1h' }))
app.all('*', createRequestHandler({ build, getLoadContext, mode: process.env.NODE_ENV }))

/**
 * express.static for the files under `dir` outside the build, listed once at
 * start (`files`): a page's URL goes on to Remix without a file-system look-up
 * (the production build's public/ does not change while the server runs).
 */
function publicFiles(dir, options) {
  const serve = express.static(dir, options)
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next())
}

/** The paths of the files under `dir` outside the build. */
function listFiles(dir) {
  return new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => '/' + relative(dir, join(entry.parentPath ?? entry.path, entry.name)))
      .map((path) => path.split(sep).join('/'))
      .filter((path) => !path.startsWith(buildFiles)),
  )
}

const port = Number(process.env.PORT) || 3000
const host = process.env.HOST
const server = app.listen(port, host, () =>
  console.log(`[server] http://${host ?? 'localhost'}:${port}`),
)
// What Node's own parser refuses, and an Expect header, get Thai answers too
// (app/server/client-error.server.ts): an unreadable request, headers over 16 KB, an
// Expect other than 100-continue; a 100-continue only for a request the front door lets in.
server.on('clientError', onClientError)
server.on('checkExpectation', onCheckExpectation)
server.on('checkContinue', (req, res) => {
  if (mayContinue(req)) res.writeContinue()
  app(req, res)
})
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close())
