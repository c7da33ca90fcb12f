/**
 * The yeekee shot form's field (one rule set for the browser and the
 * server): five digits, 0–9, as typed (spaces around it are dropped).
 */
import { custom, field, required } from '~/forms/rules'
import { YEEKEE_NUMBER } from '~/lotto/yeekee'

export const SHOT_NUMBER_MESSAGE = 'กรุณากรอกเลข 5 หลัก (0–9)'

export const shotFields = {
  number: field('เลขที่ยิง', [
    required(),
    custom((value) => YEEKEE_NUMBER.test(String(value ?? '').trim()), SHOT_NUMBER_MESSAGE),
  ]),
}
