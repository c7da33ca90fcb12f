// Tiny on purpose: the root listens as it hydrates so an early event is not lost; the offer
// (app/ui/install-offer.tsx) loads later.
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

let held: InstallPromptEvent | null = null
const listeners = new Set<() => void>()
let listening = false

export function holdInstallPrompt(win: Window = window): void {
  if (listening) return
  listening = true
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    held = event as InstallPromptEvent
    listeners.forEach((listener) => listener())
  })
  win.addEventListener('appinstalled', () => {
    held = null
    listeners.forEach((listener) => listener())
  })
}

export function heldInstallPrompt(): InstallPromptEvent | null {
  return held
}

/** A prompt can be shown once. */
export function releaseInstallPrompt(): void {
  held = null
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export interface InstallPrompts {
  held: typeof heldInstallPrompt
  release: typeof releaseInstallPrompt
  onChange: typeof onInstallPromptChange
}

export const installPrompts: InstallPrompts = {
  held: heldInstallPrompt,
  release: releaseInstallPrompt,
  onChange: onInstallPromptChange,
}
