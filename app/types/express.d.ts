/**
 * The little of express the front door touches (express has no bundled types
 * and the app needs no more than this).
 */
declare module 'express' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type Handle = (
    this: unknown,
    req: IncomingMessage,
    res: ServerResponse,
    callback?: (error?: unknown) => void,
  ) => void

  const express: {
    application: { handle: Handle; [key: symbol]: unknown }
  }
  export default express
}
