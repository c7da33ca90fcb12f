/**
 * The bench's baseline: a bare node:http server answering every request with
 * the same HTML bytes the app sent for `/` (no framework, no compression).
 * Usage: BARE_PORT=5302 node scripts/bench/bare-server.mjs page.html
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'

const html = readFileSync(process.argv[2])
const headers = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Length': String(html.length),
}

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers)
  res.end(html)
})
server.listen(Number(process.env.BARE_PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address()
  console.log(`BARE_URL=http://127.0.0.1:${port}`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0))
