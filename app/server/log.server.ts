/**
 * The server's log: JSON lines (pino), each with the request id support asks
 * for (`reqId`), what log collectors read (other lines of the server, such as
 * `[redis] unavailable`, stay plain text). One line per request, written by
 * `requestLog` (pino-http) when the answer is sent, the front door's answers
 * too (`msg: "front door"`); the build's files are not logged. Only the
 * method, the path and the status of a request are logged: no header (no
 * cookie, no Authorization), no body, and query values only for an
 * allow-list (lib/redact.ts). docs/decisions/0163.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pino, type DestinationStream, type LoggerOptions } from 'pino'
import { pinoHttp } from 'pino-http'
import { redactUrl } from '~/lib/redact'
import { incomingRequestId } from '~/server/request-id.server'

/** The log's fields: the level by name, the time as ISO, no pid or hostname (the platform adds its own). */
const options: LoggerOptions<string> = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
}

/**
 * Requests on stdout; warnings and errors (a 5xx's line too) on stderr, where
 * the bench, the soak and the cluster read an instance's warnings. Written at
 * once, as console's lines were: a crash loses no line.
 */
export const logger = pino(
  options,
  pino.multistream(
    [
      { level: 'info', stream: pino.destination({ dest: 1, sync: true }) },
      { level: 'warn', stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  ),
)

/** Marks a response the front door answered (its line says so). */
const DOOR = Symbol('front door')

export function answeredByFrontDoor(res: ServerResponse): void {
  ;(res as ServerResponse & { [DOOR]?: true })[DOOR] = true
}

const byDoor = (res: ServerResponse) => (res as ServerResponse & { [DOOR]?: true })[DOOR] === true

/**
 * The request log middleware (server.mjs puts it first). `quiet`: answers not
 * worth a line (the build's and public/ files served). `destination`: tests.
 */
export function requestLog({
  quiet = () => false,
  destination,
}: {
  quiet?: (req: IncomingMessage, res: ServerResponse) => boolean
  destination?: DestinationStream
} = {}) {
  return pinoHttp({
    logger: destination ? pino(options, destination) : logger,
    genReqId: (req) => incomingRequestId(req),
    quietReqLogger: true,
    serializers: {
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : quiet(req, res) ? 'silent' : 'info',
    customSuccessMessage: (_req, res) => (byDoor(res) ? 'front door' : 'request'),
    customErrorMessage: () => 'request',
    // A 5xx's line is the request's, as any other; its error, with the stack, is logError's line.
    customErrorObject: (_req, _res, _error, { res, responseTime }) => ({ res, responseTime }),
  })
}

/** An expected refusal worth one line for operators: no stack. */
export function logWarning(message: string, requestId: string) {
  logger.warn({ reqId: requestId }, message)
}

export function logError(error: unknown, requestId: string) {
  logger.error({ reqId: requestId, err: error }, error instanceof Error ? error.message : 'error')
}
