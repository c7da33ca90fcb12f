/**
 * A local push service for tests: web-push-testing's server, started in
 * this process on a free port. It hands out subscriptions (as a browser's
 * PushSubscription.toJSON() with its `clientHash`), takes pushes at their
 * endpoints (201; 410 once a subscription is expired), and decrypts what it
 * receives with the subscription's private key, so a test reads the payload
 * a device would get.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export interface TestSubscription {
  endpoint: string
  expirationTime: number | null
  keys: { p256dh: string; auth: string }
  clientHash: string
}

interface Model {
  notifyUrl: string
}
interface ServerInstance {
  _server: Server
  startServer(): void
}
type ServerClass = new (model: Model, port: number) => ServerInstance

export interface PushService {
  url: string
  subscribe(applicationServerKey: string): Promise<TestSubscription>
  /** What the subscription received, decrypted, oldest first. */
  messages(clientHash: string): Promise<string[]>
  /** The subscription's endpoint answers 410 from now on. */
  expire(clientHash: string): Promise<void>
  close(): Promise<void>
}

async function post<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`)
  return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as T
}

export async function startPushService(): Promise<PushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => Model
  }
  const WebPushTestingServer = require('web-push-testing/src/server.js') as ServerClass
  const model = new PushApiModel()
  const log = console.log
  // It prints "Server running on port 0" once it listens: not worth a line in a test's output.
  console.log = () => {}
  const server = new WebPushTestingServer(model, 0)
  server.startServer()
  const http = server._server
  try {
    if (!http.listening) await new Promise<void>((resolve) => http.once('listening', resolve))
    await new Promise<void>((resolve) => setImmediate(resolve))
  } finally {
    console.log = log
  }
  const url = `http://localhost:${(http.address() as AddressInfo).port}`
  model.notifyUrl = `${url}/notify/`
  return {
    url,
    async subscribe(applicationServerKey) {
      const { data } = await post<{ data: TestSubscription }>(`${url}/subscribe`, {
        userVisibleOnly: 'true',
        applicationServerKey,
      })
      return { ...data, expirationTime: data.expirationTime ?? null }
    },
    async messages(clientHash) {
      const { data } = await post<{ data: { messages: string[] } }>(`${url}/get-notifications`, {
        clientHash,
      })
      return data.messages
    },
    async expire(clientHash) {
      await post(`${url}/expire-subscription/${clientHash}`)
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      }),
  }
}
