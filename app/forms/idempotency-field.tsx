/** The hidden one-time key of a money-moving form (app/server/idempotency.server.ts). */
export function IdempotencyField({ value }: { value: string }) {
  return <input type="hidden" name="idempotencyKey" value={value} />
}
