// Shown by the rules of app/browser/install-offer.ts; loaded with import() once the page is interactive.
import { Link, useLocation } from '@remix-run/react'
import { Component, useEffect, useState, type ReactNode } from 'react'
import {
  currentVisit,
  isIos,
  MONEY_STEP_EVENT,
  offerToShow,
  readOfferState,
  updateOfferState,
  type OfferKind,
} from '~/browser/install-offer'
import type { InstallPrompts } from '~/browser/install-prompt'

function standalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean }
  return nav.standalone === true || window.matchMedia('(display-mode: standalone)').matches
}

function decide(path: string, visit: string, prompts: InstallPrompts): OfferKind | null {
  return offerToShow({
    state: readOfferState(),
    visit,
    now: Date.now(),
    path,
    standalone: standalone(),
    watched: false,
    ios: isIos(navigator.userAgent, navigator.maxTouchPoints),
    canPrompt: prompts.held() !== null,
  })
}

/**
 * `prompts` is passed in so this lazy chunk shares no module with the root's. A fault in the sheet
 * hides the sheet, never the page.
 */
export default function InstallOffer({ prompts }: { prompts: InstallPrompts }) {
  return (
    <OfferBoundary>
      <Offer prompts={prompts} />
    </OfferBoundary>
  )
}

class OfferBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(error: unknown) {
    console.warn('[install-offer]', error)
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}

function Offer({ prompts }: { prompts: InstallPrompts }) {
  const { pathname } = useLocation()
  const [kind, setKind] = useState<OfferKind | null>(null)
  const [visit] = useState(currentVisit)

  useEffect(() => {
    const update = () => setKind(decide(pathname, visit, prompts))
    update()
    const installed = () => {
      updateOfferState({ installedAt: Date.now() })
      update()
    }
    window.addEventListener(MONEY_STEP_EVENT, update)
    window.addEventListener('appinstalled', installed)
    const stop = prompts.onChange(update)
    // Tests (and support) can tell the offer's code has loaded and decided.
    document.documentElement.dataset.installOffer = 'ready'
    return () => {
      stop()
      window.removeEventListener(MONEY_STEP_EVENT, update)
      window.removeEventListener('appinstalled', installed)
    }
  }, [pathname, visit, prompts])

  if (!kind) return null

  const dismiss = () => {
    updateOfferState({ dismissedAt: Date.now() })
    setKind(null)
  }
  const install = async () => {
    const event = prompts.held()
    if (!event) return dismiss()
    prompts.release()
    try {
      await event.prompt()
      const choice = await event.userChoice
      if (choice.outcome === 'accepted') updateOfferState({ installedAt: Date.now() })
      else updateOfferState({ dismissedAt: Date.now() })
    } catch {
      updateOfferState({ dismissedAt: Date.now() })
    }
    setKind(null)
  }

  return (
    <aside
      aria-labelledby="install-offer-title"
      data-testid="install-offer"
      className="fixed inset-x-0 bottom-[calc(64px+env(safe-area-inset-bottom))] z-40 mx-auto max-w-app px-3 md:bottom-4"
    >
      <div className="card space-y-3 border-gold-500/40 shadow-2xl">
        <div className="flex items-start gap-3">
          <img src="/icons/icon-192.png" alt="" width={40} height={40} className="rounded-xl" />
          <div className="space-y-1">
            <h2 id="install-offer-title" className="font-bold text-gold-300">
              ติดตั้งแอปไว้ที่หน้าจอโฮม
            </h2>
            {kind === 'ios' ? (
              <>
                <p className="text-sm">แตะ แชร์ แล้ว เพิ่มไปยังหน้าจอโฮม</p>
                <p className="text-xs text-slate-300">
                  บน iOS 16.4 ขึ้นไป แอปที่เพิ่มไว้ที่หน้าจอโฮมรับการแจ้งเตือนได้
                </p>
              </>
            ) : (
              <p className="text-sm text-slate-300">
                เปิดได้ในแตะเดียว และรับแจ้งเตือนเมื่อถูกรางวัลหรือยอดเงินเข้า
              </p>
            )}
          </div>
        </div>
        <div className="grid grid-cols-[1fr_auto] gap-2 whitespace-nowrap">
          {kind === 'prompt' ? (
            <button type="button" className="btn-primary col-span-2 min-h-11" onClick={install}>
              ติดตั้งแอป
            </button>
          ) : null}
          <Link to="/notifications" className="btn-ghost min-h-11" onClick={dismiss}>
            เปิดการแจ้งเตือน
          </Link>
          <button type="button" className="btn-ghost min-h-11" onClick={dismiss}>
            ไว้ทีหลัง
          </button>
        </div>
      </div>
    </aside>
  )
}
