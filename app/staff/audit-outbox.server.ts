// The staff audit's outbox (decision 0152): journaled to a file before `add` returns, then sent
// in order under each event's id (the backend takes an id once, so a resend is recorded once).
// Redis plays no part. An event the backend refuses as malformed goes to `<journal>.rejected`.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { AUDIT_WRITE_MAX, auditEventSchema, type AuditEvent } from '~/backend/audit.schemas'
import { BackendError } from '~/backend/client.server'

export interface Journal {
  load(): AuditEvent[]
  append(event: AuditEvent): void
  rewrite(events: readonly AuditEvent[]): void
  reject(event: AuditEvent): void
}

export function fileJournal(path: string): Journal {
  return {
    load() {
      if (!existsSync(path)) return []
      const seen = new Set<string>()
      const events: AuditEvent[] = []
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (!line.trim()) continue
        let parsed: unknown
        try {
          parsed = JSON.parse(line)
        } catch {
          continue // a line cut short by a crash: its event's request never finished
        }
        const event = auditEventSchema.safeParse(parsed)
        if (event.success && !seen.has(event.data.id)) {
          seen.add(event.data.id)
          events.push(event.data)
        }
      }
      return events
    },
    append(event) {
      appendFileSync(path, `${JSON.stringify(event)}\n`)
    },
    rewrite(events) {
      const next = `${path}.next`
      writeFileSync(next, events.map((e) => `${JSON.stringify(e)}\n`).join(''))
      renameSync(next, path)
    },
    reject(event) {
      appendFileSync(`${path}.rejected`, `${JSON.stringify(event)}\n`)
    },
  }
}

export function memoryJournal(initial: AuditEvent[] = []): Journal & { lines: AuditEvent[] } {
  const journal = {
    lines: [...initial],
    load: () => [...journal.lines],
    append: (event: AuditEvent) => void journal.lines.push(event),
    rewrite: (events: readonly AuditEvent[]) => void (journal.lines = [...events]),
    reject: () => undefined,
  }
  return journal
}

/** After this many events taken, the journal is rewritten even with a backlog left. */
const REWRITE_EVERY = 2000

export interface OutboxOptions {
  journal: Journal
  deliver: (events: readonly AuditEvent[]) => Promise<unknown>
  /** The first wait after a failure, doubled up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
  log?: (message: string) => void
}

export interface Outbox {
  /** Throws only when the journal cannot be written. */
  add(event: AuditEvent): void
  flush(timeoutMs: number): Promise<boolean>
  readonly pending: number
  stop(): void
}

export function createOutbox({
  journal,
  deliver,
  retryMs = 1000,
  maxRetryMs = 30_000,
  log = (message) => console.warn(`[audit] ${message}`),
}: OutboxOptions): Outbox {
  const queue: AuditEvent[] = journal.load()
  let sending: Promise<void> | null = null
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let wait = retryMs
  let failing = false
  let stopped = false
  /** A long backlog is not rewritten per batch. */
  let sinceRewrite = 0
  const drained = new Set<() => void>()

  const settle = () => {
    if (queue.length > 0) return
    for (const wake of drained) wake()
  }

  /** A malformed batch is split until the bad event stands alone and is set aside. */
  async function sendBatch(batch: AuditEvent[]): Promise<void> {
    try {
      await deliver(batch)
    } catch (error) {
      const malformed = error instanceof BackendError && error.status === 400
      if (!malformed) throw error
      if (batch.length === 1) {
        journal.reject(batch[0]!)
        log(
          `the backend refused event ${batch[0]!.id} as malformed; set aside in the rejected file`,
        )
        return
      }
      const half = Math.ceil(batch.length / 2)
      await sendBatch(batch.slice(0, half))
      await sendBatch(batch.slice(half))
    }
  }

  async function run(): Promise<void> {
    while (queue.length > 0 && !stopped) {
      const batch = queue.slice(0, AUDIT_WRITE_MAX)
      try {
        await sendBatch(batch)
      } catch (error) {
        if (!failing) {
          const why = error instanceof Error ? error.message : String(error)
          log(`the backend did not take ${queue.length} event(s) (${why}); they wait in the outbox`)
        }
        failing = true
        retryTimer = setTimeout(kick, wait)
        retryTimer.unref?.()
        wait = Math.min(wait * 2, maxRetryMs)
        return
      }
      queue.splice(0, batch.length)
      sinceRewrite += batch.length
      // A crash before the rewrite sends those again: the backend takes each id once.
      if (queue.length === 0 || sinceRewrite >= REWRITE_EVERY) {
        journal.rewrite(queue)
        sinceRewrite = 0
      }
      if (failing) log('the backend takes audit events again')
      failing = false
      wait = retryMs
    }
    settle()
  }

  function kick(): void {
    clearTimeout(retryTimer)
    retryTimer = undefined
    if (sending || stopped) return
    sending = run().finally(() => {
      sending = null
      // Added while the last batch was out, with no failure since: on at once.
      if (queue.length > 0 && retryTimer === undefined && !stopped) kick()
    })
  }

  if (queue.length > 0) kick()

  return {
    add(event) {
      journal.append(event)
      queue.push(event)
      if (retryTimer === undefined) kick()
    },
    async flush(timeoutMs) {
      if (queue.length === 0) return true
      kick()
      let timer: ReturnType<typeof setTimeout> | undefined
      let wake = () => {}
      await new Promise<void>((resolve) => {
        wake = resolve
        drained.add(wake)
        timer = setTimeout(resolve, timeoutMs)
      })
      clearTimeout(timer)
      drained.delete(wake)
      return queue.length === 0
    },
    get pending() {
      return queue.length
    },
    stop() {
      stopped = true
      clearTimeout(retryTimer)
    },
  }
}
