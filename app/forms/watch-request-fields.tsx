import { TextAreaField, TextField, firstInvalid, type FieldMeta } from '~/forms/fields'
import { WATCH_LABELS } from '~/forms/staff-forms'
import { WATCH_REASON, WATCH_TICKET } from '~/lib/watch-request'

/**
 * Why a watch is opened: the reason and the ticket, with the same labels
 * and limits in the console's watch and the staff person's token watch.
 */
export function WatchRequestFields({
  fields,
  error,
}: {
  fields: { reason: FieldMeta; ticket: FieldMeta }
  /** The server's last answer's field errors: its first invalid field takes the focus. */
  error: Readonly<Record<string, unknown>> | null | undefined
}) {
  const focus = firstInvalid(['reason', 'ticket'], error)
  return (
    <>
      <TextAreaField
        field={fields.reason}
        label={WATCH_LABELS.reason}
        required
        maxLength={WATCH_REASON.max}
        focusOnError={focus === 'reason'}
      />
      <TextField
        field={fields.ticket}
        label={WATCH_LABELS.ticket}
        required
        maxLength={WATCH_TICKET.max}
        focusOnError={focus === 'ticket'}
      />
    </>
  )
}
