// Server-sent events (https://html.spec.whatwg.org/#server-sent-events).

export interface SseMessage {
  id: string
  event: string
  data: string
}

/** JSON has no raw newline, so `data` is one line. */
export function writeSse(event: string, data: unknown, id?: string | number): string {
  const idLine = id === undefined ? '' : `id: ${id}\n`
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/** Keeps proxies and the browser from closing an idle stream. */
export const SSE_HEARTBEAT = ': ping\n\n'

export class SseReader {
  #buffer = ''
  #lastId = ''
  #event = ''
  #data: string[] = []

  #idChanged = false

  /**
   * `onPosition` gets the id of a block that sets an id and carries no data
   * (`id: 42` then a blank line): where the stream is, with nothing to show.
   */
  constructor(
    private readonly onMessage: (message: SseMessage) => void,
    private readonly onPosition?: (id: string) => void,
  ) {}

  get lastId(): string {
    return this.#lastId
  }

  feed(chunk: string): void {
    this.#buffer += chunk
    let newline = this.#nextLineEnd()
    while (newline >= 0) {
      const line = this.#buffer.slice(0, newline)
      const skip = this.#buffer[newline] === '\r' && this.#buffer[newline + 1] === '\n' ? 2 : 1
      this.#buffer = this.#buffer.slice(newline + skip)
      this.#line(line)
      newline = this.#nextLineEnd()
    }
  }

  #nextLineEnd(): number {
    const lf = this.#buffer.indexOf('\n')
    const cr = this.#buffer.indexOf('\r')
    // A lone CR at the chunk's end may be the first half of CRLF: wait for more.
    if (cr >= 0 && (lf < 0 || cr < lf)) return cr === this.#buffer.length - 1 ? -1 : cr
    return lf
  }

  #line(line: string) {
    if (line === '') return this.#dispatch()
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') this.#data.push(value)
    else if (field === 'event') this.#event = value
    else if (field === 'id' && !value.includes('\0')) {
      this.#lastId = value
      this.#idChanged = true
    }
  }

  #dispatch() {
    const data = this.#data
    const event = this.#event || 'message'
    const idChanged = this.#idChanged
    this.#data = []
    this.#event = ''
    this.#idChanged = false
    if (data.length === 0) {
      if (idChanged) this.onPosition?.(this.#lastId)
      return
    }
    this.onMessage({ id: this.#lastId, event, data: data.join('\n') })
  }
}
