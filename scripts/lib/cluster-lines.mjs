/**
 * The lines `npm run start:cluster` (scripts/cluster.mjs) prints for the
 * programs that start it (the bench, the e2e tests): written and read here
 * only, so both sides agree.
 */
import { createInterface } from 'node:readline'

export const clusterLine = {
  /** @param {number | undefined} pid @param {number} port */
  redis: (pid, port) => `CLUSTER_REDIS ${pid} ${port}`,
  /** @param {string} url */
  backend: (url) => `CLUSTER_BACKEND_URL=${url}`,
  /** @param {string} name @param {number | undefined} pid @param {number} port */
  instance: (name, pid, port) => `CLUSTER_INSTANCE ${name} ${pid} ${port}`,
  /** @param {string} url */
  url: (url) => `CLUSTER_URL=${url}`,
  /** @param {string} text what a person reads */
  ready: (text) => `CLUSTER_READY: ${text}`,
}

/**
 * @typedef {{ name: string, pid: number, port: number, url: string }} ClusterInstance
 * @typedef {{
 *   url: string,
 *   backendUrl: string,
 *   redisPid: number,
 *   instances: Map<string, ClusterInstance>,
 *   ready: Promise<void>,
 * }} ClusterState
 */

/**
 * Follows the cluster's output: what it has said so far (an instance or
 * Redis started again replaces its entry), and `ready` once it is up.
 * Other lines go to `onOtherLine`.
 * @param {import('node:stream').Readable} stdout
 * @param {(line: string) => void} [onOtherLine]
 * @returns {ClusterState}
 */
export function followCluster(stdout, onOtherLine = () => undefined) {
  /** @type {() => void} */
  let markReady = () => undefined
  /** @type {ClusterState} */
  const state = {
    url: '',
    backendUrl: '',
    redisPid: 0,
    instances: new Map(),
    ready: new Promise((resolve) => (markReady = resolve)),
  }
  createInterface({ input: stdout }).on('line', (line) => {
    let match
    if ((match = /^CLUSTER_INSTANCE (\S+) (\d+) (\d+)$/.exec(line))) {
      const [, name, pid, port] = match
      state.instances.set(name, {
        name,
        pid: Number(pid),
        port: Number(port),
        url: `http://127.0.0.1:${port}`,
      })
    } else if ((match = /^CLUSTER_REDIS (\d+) \d+$/.exec(line))) {
      state.redisPid = Number(match[1])
    } else if ((match = /^CLUSTER_BACKEND_URL=(\S+)$/.exec(line))) {
      state.backendUrl = match[1]
    } else if ((match = /^CLUSTER_URL=(\S+)$/.exec(line))) {
      state.url = match[1]
    } else if (line.startsWith('CLUSTER_READY')) {
      markReady()
    } else {
      onOtherLine(line)
    }
  })
  return state
}
