/** After `load` and an idle main thread: for code no first screen needs (service worker, install offer, push). */
export function afterInteractive(task: () => void, win: Window = window): () => void {
  let cancelled = false
  let idle: number | undefined
  const run = () => {
    if (cancelled) return
    if (typeof win.requestIdleCallback === 'function') {
      idle = win.requestIdleCallback(() => !cancelled && task(), { timeout: 2000 })
    } else {
      idle = win.setTimeout(() => !cancelled && task(), 200)
    }
  }
  if (win.document.readyState === 'complete') run()
  else win.addEventListener('load', run, { once: true })
  return () => {
    cancelled = true
    win.removeEventListener('load', run)
    if (idle !== undefined) {
      if (typeof win.cancelIdleCallback === 'function') win.cancelIdleCallback(idle)
      win.clearTimeout(idle)
    }
  }
}
