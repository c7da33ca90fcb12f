/**
 * Holds Chromium's `beforeinstallprompt` (its default mini-infobar held
 * back) for the app's own install offer (app/ui/install-offer.tsx), which
 * loads later with import(). Tiny on purpose: the root starts listening as it
 * hydrates, so an early event is not lost.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

let held: InstallPromptEvent | null = null
const listeners = new Set<() => void>()
let listening = false

/** Starts holding the event (once per window). */
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

/** The held event, if the browser offered one. */
export function heldInstallPrompt(): InstallPromptEvent | null {
  return held
}

/** The event was used: a prompt can be shown once. */
export function releaseInstallPrompt(): void {
  held = null
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** What the install offer's lazily loaded sheet is given (see app/ui/install-offer.tsx). */
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
