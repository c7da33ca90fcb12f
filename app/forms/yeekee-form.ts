/**
 * The yeekee shot form's field (one rule set for the browser and the
 * server): five digits, 0–9, as typed (spaces around it are dropped).
 */
import { custom, field, required } from '~/forms/rules'
import { SHOT_NUMBER_MESSAGE, YEEKEE_NUMBER } from '~/lib/yeekee-number'

export const shotFields = {
  number: field('เลขที่ยิง', [
    required(),
    custom((value) => YEEKEE_NUMBER.test(String(value ?? '').trim()), SHOT_NUMBER_MESSAGE),
  ]),
}
