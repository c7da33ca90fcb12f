import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AuditEvent } from '~/backend/audit.schemas'
import { BackendError } from '~/backend/client.server'
import { createOutbox, fileJournal, memoryJournal, type Outbox } from '~/staff/audit-outbox.server'

let n = 0
const view = (watchId = 'w-1'): AuditEvent => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  type: 'watch-view',
  at: 1_800_000_000_000 + n,
  watchId,
  path: `/page/${n}`,
})

/** A backend that takes each id once, and can be down. */
function fakeBackend() {
  const taken = new Map<string, AuditEvent>()
  const backend = {
    down: false,
    calls: 0,
    taken,
    async deliver(events: readonly AuditEvent[]) {
      backend.calls++
      if (backend.down) throw new BackendError(502, 'UNREACHABLE', 'down')
      for (const event of events) if (!taken.has(event.id)) taken.set(event.id, event)
    },
  }
  return backend
}

const outboxes: Outbox[] = []
function outbox(options: Parameters<typeof createOutbox>[0]): Outbox {
  const made = createOutbox({ retryMs: 5, maxRetryMs: 20, log: () => {}, ...options })
  outboxes.push(made)
  return made
}
afterEach(() => {
  for (const made of outboxes.splice(0)) made.stop()
})

describe('the audit outbox', () => {
  it('delivers every event, in order, however many: nothing is capped', async () => {
    const backend = fakeBackend()
    const box = outbox({ journal: memoryJournal(), deliver: backend.deliver })
    const events = Array.from({ length: 10_500 }, () => view())
    for (const event of events) box.add(event)
    expect(await box.flush(5000)).toBe(true)
    expect([...backend.taken.keys()]).toEqual(events.map((e) => e.id))
  })

  it('keeps events through a backend outage and delivers each once when it is back', async () => {
    const backend = fakeBackend()
    backend.down = true
    const journal = memoryJournal()
    const box = outbox({ journal, deliver: backend.deliver })
    const events = [view(), view(), view()]
    for (const event of events) box.add(event)
    expect(await box.flush(50)).toBe(false)
    expect(box.pending).toBe(3)
    expect(journal.lines).toHaveLength(3)
    backend.down = false
    expect(await box.flush(2000)).toBe(true)
    expect([...backend.taken.keys()]).toEqual(events.map((e) => e.id))
    expect(journal.lines).toEqual([])
  })

  it('a restart reads the journal back and sends what the backend had not taken', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'journal.jsonl')
    const backend = fakeBackend()
    backend.down = true
    const first = outbox({ journal: fileJournal(path), deliver: backend.deliver })
    const events = [view(), view()]
    for (const event of events) first.add(event)
    await first.flush(30)
    first.stop()
    // The process ends; a line cut short by the crash is no event.
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"id":"cut`)

    backend.down = false
    const again = outbox({ journal: fileJournal(path), deliver: backend.deliver })
    expect(again.pending).toBe(2)
    expect(await again.flush(2000)).toBe(true)
    expect([...backend.taken.keys()]).toEqual(events.map((e) => e.id))
    expect(readFileSync(path, 'utf8')).toBe('')
  })

  it('an answer lost after the backend took a batch sends it again under the same ids: recorded once', async () => {
    const backend = fakeBackend()
    let loseAnswer = true
    const box = outbox({
      journal: memoryJournal(),
      deliver: async (events) => {
        await backend.deliver(events)
        if (loseAnswer) {
          loseAnswer = false
          throw new BackendError(504, 'TIMEOUT', 'slow')
        }
      },
    })
    const events = [view(), view()]
    for (const event of events) box.add(event)
    expect(await box.flush(2000)).toBe(true)
    expect(backend.calls).toBe(2)
    expect(backend.taken.size).toBe(2)
  })

  it('a malformed event is set aside alone; the others go', async () => {
    const backend = fakeBackend()
    const bad = view()
    const rejected: AuditEvent[] = []
    const journal = { ...memoryJournal(), reject: (e: AuditEvent) => void rejected.push(e) }
    const box = outbox({
      journal,
      deliver: async (events) => {
        if (events.some((e) => e.id === bad.id)) {
          throw new BackendError(400, 'BAD_REQUEST', 'bad')
        }
        await backend.deliver(events)
      },
    })
    const good = [view(), view(), view()]
    for (const event of [good[0]!, bad, good[1]!, good[2]!]) box.add(event)
    expect(await box.flush(2000)).toBe(true)
    expect([...backend.taken.keys()]).toEqual(good.map((e) => e.id))
    expect(rejected).toEqual([bad])
  })
})
