import { describe, expect, it } from 'vitest'
import { SseReader, writeSse, type SseMessage } from './sse'

function read(chunks: string[]): { messages: SseMessage[]; reader: SseReader } {
  const messages: SseMessage[] = []
  const reader = new SseReader((m) => messages.push(m))
  for (const chunk of chunks) reader.feed(chunk)
  return { messages, reader }
}

describe('SSE', () => {
  it('reads what it writes, whatever the chunking', () => {
    const text =
      writeSse('member', { type: 'balance', balance: 10 }, 7) +
      ': ping\n\n' +
      writeSse('reset', {}, 8)
    for (const size of [1, 2, 3, 7, 1000]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? []
      const { messages, reader } = read(chunks)
      expect(messages).toEqual([
        { id: '7', event: 'member', data: '{"type":"balance","balance":10}' },
        { id: '8', event: 'reset', data: '{}' },
      ])
      expect(reader.lastId).toBe('8')
    }
  })

  it('takes CRLF and CR line ends, multi-line data and the default event name', () => {
    const { messages } = read(['data: a\r', '\ndata: b\r\r', 'id: 3\ndata:c\n\n'])
    expect(messages).toEqual([
      { id: '', event: 'message', data: 'a\nb' },
      { id: '3', event: 'message', data: 'c' },
    ])
  })

  it('keeps the last id across events without one, and tells an id without data as a position', () => {
    const messages: SseMessage[] = []
    const positions: string[] = []
    const reader = new SseReader(
      (m) => messages.push(m),
      (id) => positions.push(id),
    )
    for (const chunk of ['id: 5\nevent: x\n\n', 'retry: 10\nevent: y\ndata: 1\n\n', ': c\n\n'])
      reader.feed(chunk)
    expect(messages).toEqual([{ id: '5', event: 'y', data: '1' }])
    expect(positions).toEqual(['5'])
    expect(reader.lastId).toBe('5')
  })
})
