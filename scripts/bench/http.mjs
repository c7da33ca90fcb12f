/** Plain HTTP for the bench: the bytes exactly as the server sent them (never decoded). */
import http from 'node:http'

/**
 * One request on its own connection. Resolves with the status, the headers
 * (Set-Cookie as an array) and the raw body; rejects after `timeoutMs`.
 */
export function request(url, { method = 'GET', headers = {}, body, timeoutMs = 15_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`${method} ${url}: no answer in ${timeoutMs} ms`)),
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** POSTs JSON and parses the JSON answer; throws on a non-2xx status. */
export async function postJson(url, payload) {
  const res = await request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  })
  if (res.status < 200 || res.status > 299) {
    throw new Error(`POST ${url}: ${res.status} ${res.body.toString('utf8')}`)
  }
  return res.body.length ? JSON.parse(res.body.toString('utf8')) : null
}

/** GETs JSON; throws on a non-2xx status. */
export async function getJson(url) {
  const res = await request(url)
  if (res.status < 200 || res.status > 299) {
    throw new Error(`GET ${url}: ${res.status} ${res.body.toString('utf8')}`)
  }
  return JSON.parse(res.body.toString('utf8'))
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitForOk(url, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs
  let last
  while (Date.now() < until) {
    try {
      const res = await request(url, { timeoutMs: 2000 })
      if (res.status === 200) return
      last = new Error(`status ${res.status}`)
    } catch (error) {
      last = error
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(
    `${url} did not answer 200 within ${timeoutMs} ms (${last?.message ?? 'no answer'})`,
  )
}
