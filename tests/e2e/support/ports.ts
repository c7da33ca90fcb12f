/** Ports for servers a test starts: free ones, so parallel workers never collide. */
import { createServer, type Server } from 'node:net'

async function listening(): Promise<Server> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return server
}

/**
 * `count` distinct ports nothing on 127.0.0.1 listens on right now (the
 * system's choices for port 0, all held until each is known).
 */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, listening))
  const ports = servers.map((server) => {
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    return address.port
  })
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

/** A port nothing on 127.0.0.1 listens on right now. */
export async function freePort(): Promise<number> {
  const [port = 0] = await freePorts(1)
  return port
}

/** Two distinct free ports (an app and its backend). */
export async function twoFreePorts(): Promise<[number, number]> {
  const [first = 0, second = 0] = await freePorts(2)
  return [first, second]
}
