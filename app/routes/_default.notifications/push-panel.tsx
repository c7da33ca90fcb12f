// The permission is asked only after the member taps (~/ui/push/device.client loads then).
import { Form, useActionData, useFetcher, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { PushKinds } from '~/backend/push.schemas'
import { loadChunk } from '~/browser/load-chunk'
import type { PushActionData, PushPanelData } from './page.server'

type DeviceState = 'checking' | 'unsupported' | 'ios' | 'denied' | 'off' | 'on' | 'busy'

export const PUSH_TEXTS = {
  title: 'การแจ้งเตือนบนเครื่องนี้',
  intro: 'รับแจ้งเมื่อถูกรางวัล เงินฝากเข้า ถอนเงิน หรือมียอดคืนยอดเสีย แม้ไม่ได้เปิดหน้าเว็บไว้',
  turnOn: 'เปิดการแจ้งเตือน',
  turnOff: 'ปิดการแจ้งเตือนบนเครื่องนี้',
  isOn: 'เครื่องนี้เปิดการแจ้งเตือนไว้แล้ว',
  denied:
    'เบราว์เซอร์นี้ปิดการแจ้งเตือนของเว็บไว้ เปิดได้ที่การตั้งค่าเว็บไซต์ของเบราว์เซอร์ (ไอคอนแม่กุญแจข้างที่อยู่เว็บ) แล้วกดเปิดอีกครั้ง',
  dismissed: 'ยังไม่ได้อนุญาตการแจ้งเตือน กดเปิดอีกครั้งแล้วเลือก "อนุญาต"',
  unsupported: 'เบราว์เซอร์นี้ไม่รองรับการแจ้งเตือน ลองใช้ Chrome หรือ Safari รุ่นใหม่',
  ios: 'บน iPhone ต้องเพิ่มแอปไปยังหน้าจอโฮมก่อน (iOS 16.4 ขึ้นไป): แตะ แชร์ แล้ว เพิ่มไปยังหน้าจอโฮม จากนั้นเปิดแอปจากหน้าจอโฮมแล้วกดเปิดการแจ้งเตือน',
  failed: 'เปิดการแจ้งเตือนไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  noScript: 'ต้องเปิด JavaScript ก่อนจึงจะเปิดการแจ้งเตือนบนเครื่องนี้ได้',
  watcher: 'โหมดดูอย่างเดียว: เปลี่ยนการแจ้งเตือนไม่ได้',
  kindsLegend: 'แจ้งเมื่อ',
  saveKinds: 'บันทึก',
} as const

const KIND_LABELS: Record<keyof PushKinds, string> = {
  win: 'ถูกรางวัล',
  deposit: 'เงินฝากเข้า',
  withdrawal: 'ถอนเงินสำเร็จหรือไม่สำเร็จ',
  cashback: 'มียอดคืนยอดเสีย',
}

const isIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)

const standalone = () =>
  matchMedia('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true

/** A subscription the backend does not hold for this member was left by a login that ended here: ended. */
async function deviceState(saved: readonly string[], watched: boolean): Promise<DeviceState> {
  const supported =
    'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  if (!supported) return isIos() && !standalone() ? 'ios' : 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  const found = await navigator.serviceWorker.getRegistration('/')
  const subscription = await found?.pushManager.getSubscription()
  if (!subscription) return 'off'
  if (!saved.includes(subscription.endpoint)) {
    // A watcher's browser is not the member's device: left as it is.
    if (!watched) await subscription.unsubscribe().catch(() => false)
    return 'off'
  }
  return Notification.permission === 'granted' ? 'on' : 'off'
}

export function PushPanel({ push, watched }: { push: PushPanelData; watched: boolean }) {
  const [state, setState] = useState<DeviceState | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const fetcher = useFetcher<PushActionData>()
  const kindsAnswer = useActionData<PushActionData>()
  const navigation = useNavigation()

  useEffect(() => {
    void deviceState(push.endpoints, watched).then(setState, () => setState('unsupported'))
    // Once, on the endpoints the page came with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The backend's answer to a turn on/off: only then is the device on (or off).
  const answer = fetcher.state === 'idle' ? fetcher.data?.push : undefined
  useEffect(() => {
    if (!answer) return
    if ('error' in answer) setState('off')
    else setState(fetcher.formData?.get('intent') === 'push-off' ? 'off' : 'on')
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer])

  async function on() {
    setProblem(null)
    setState('busy')
    const { turnOn } = await loadChunk(() => import('~/ui/push/device.client'))
    const result = await turnOn(push.publicKey)
    if (!result.ok) {
      setState(result.reason === 'denied' ? 'denied' : 'off')
      if (result.reason !== 'denied') setProblem(PUSH_TEXTS[result.reason])
      return
    }
    fetcher.submit(
      { intent: 'push-on', subscription: JSON.stringify(result.subscription) },
      { method: 'post' },
    )
  }

  async function off() {
    setProblem(null)
    setState('busy')
    const { turnOff } = await loadChunk(() => import('~/ui/push/device.client'))
    const endpoint = await turnOff().catch(() => null)
    if (endpoint === null) return setState('off')
    fetcher.submit({ intent: 'push-off', endpoint }, { method: 'post' })
  }

  const busy = state === 'busy' || fetcher.state !== 'idle'
  const message = problem ?? (answer && 'error' in answer ? answer.error : null)
  const savingKinds = navigation.formData?.get('intent') === 'push-kinds'
  return (
    <section className="card space-y-3" aria-labelledby="push-title" data-testid="push-panel">
      <h2 id="push-title" className="text-lg font-bold">
        {PUSH_TEXTS.title}
      </h2>
      <p className="text-sm text-slate-300">{PUSH_TEXTS.intro}</p>
      <noscript>
        <p className="text-sm text-slate-300">{PUSH_TEXTS.noScript}</p>
      </noscript>
      {watched ? <p className="text-sm text-slate-300">{PUSH_TEXTS.watcher}</p> : null}
      {state === 'ios' || state === 'unsupported' || state === 'denied' ? (
        <p className="text-sm text-slate-200" data-testid="push-note">
          {PUSH_TEXTS[state]}
        </p>
      ) : null}
      {/* While this device is checked (and on the server): the button row's
          room, so the form below does not move when it comes (decision 0169). */}
      {state === null ? <div className="min-h-9" data-testid="push-checking" /> : null}
      {state === 'off' || state === 'on' || state === 'busy' ? (
        <div className="flex flex-wrap items-center gap-3">
          {state === 'on' ? (
            <>
              <p className="text-sm text-gold-300" role="status">
                {PUSH_TEXTS.isOn}
              </p>
              <button
                type="button"
                className="btn-ghost min-h-9 py-1 text-sm"
                disabled={watched || busy}
                onClick={() => void off()}
              >
                {PUSH_TEXTS.turnOff}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn-primary min-h-9 py-1 text-sm"
              disabled={watched || busy}
              aria-busy={busy}
              onClick={() => void on()}
            >
              {PUSH_TEXTS.turnOn}
            </button>
          )}
        </div>
      ) : null}
      {message ? (
        <p className="text-sm text-danger" role="alert">
          {message}
        </p>
      ) : null}
      <Form method="post" className="space-y-2" data-testid="push-kinds">
        <input type="hidden" name="intent" value="push-kinds" />
        <fieldset disabled={watched} className="space-y-1">
          <legend className="text-sm font-bold">{PUSH_TEXTS.kindsLegend}</legend>
          {(Object.keys(KIND_LABELS) as (keyof PushKinds)[]).map((kind) => (
            <label key={kind} className="flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" name={kind} defaultChecked={push.kinds[kind]} />
              {KIND_LABELS[kind]}
            </label>
          ))}
          <button type="submit" className="btn-ghost min-h-9 py-1 text-sm" disabled={savingKinds}>
            {PUSH_TEXTS.saveKinds}
          </button>
        </fieldset>
        {kindsAnswer?.push ? (
          <p
            className={`text-sm ${'error' in kindsAnswer.push ? 'text-danger' : 'text-slate-300'}`}
            role="status"
          >
            {'error' in kindsAnswer.push ? kindsAnswer.push.error : kindsAnswer.push.ok}
          </p>
        ) : null}
      </Form>
    </section>
  )
}

export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
