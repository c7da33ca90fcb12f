// Server-rendered in swiper's own markup: without JavaScript the strip scrolls natively. Swiper
// loads with import() once idle and takes over the same boxes (no layout shift): docs/decisions/0046.
import { Link } from '@remix-run/react'
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import type { Banner } from '~/backend/content.schemas'
import { afterInteractive } from '~/browser/after-interactive'
import { loadChunk } from '~/browser/load-chunk'
import { HostImage } from '~/ui/host-image'
import { carouselOptions } from '~/ui/home/carousel-options'
import type { startCarousel, Swiper } from '~/ui/home/swiper.client'
import { Words } from '~/ui/words'

/** max-w-app 40rem minus the page's padding. */
const BANNER_WIDTH = 608
const BANNER_HEIGHT = BANNER_WIDTH / 2
const BANNER_SIZES = '(min-width: 640px) 608px, calc(100vw - 32px)'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

export const slideLabel = (index: number, count: number) => `${index + 1} จาก ${count}`

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const containerRef = useRef<HTMLDivElement>(null)
  const swiperRef = useRef<Swiper | null>(null)
  const [ready, setReady] = useState(false)
  const [active, setActive] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  /** Focus leaving must not restart it. */
  const userPaused = useRef(false)
  const count = banners.length

  useEffect(() => {
    const container = containerRef.current
    if (!container || count < 2) return
    let cancelled = false
    let cancelInit = () => {}
    const cancelIdle = afterInteractive(() => {
      void loadChunk(() => import('~/ui/home/swiper.client')).then((swiperModule) => {
        if (cancelled) return
        // Evaluating the module was one task; building the swiper waits for
        // the next idle time, so the two are never one long task.
        cancelInit = afterInteractive(() => {
          if (!cancelled) start(swiperModule.startCarousel)
        })
      })
    })
    const start = (build: typeof startCarousel) => {
      const reducedMotion = window.matchMedia(REDUCED_MOTION).matches
      // Where a native swipe left the strip before swiper came.
      const width = container.clientWidth || 1
      const initialSlide = Math.min(count - 1, Math.round(container.scrollLeft / width))
      swiperRef.current = build(container, carouselOptions({ reducedMotion, initialSlide }), {
        slide: setActive,
        playing: setPlaying,
      })
      setReady(true)
    }
    return () => {
      cancelled = true
      cancelIdle()
      cancelInit()
      swiperRef.current?.destroy(false, false)
      swiperRef.current = null
    }
  }, [count])

  // Reduced motion switched on while the page is open: stop moving.
  useEffect(() => {
    if (!ready) return
    const query = window.matchMedia(REDUCED_MOTION)
    const onChange = () => {
      const swiper = swiperRef.current
      if (!swiper) return
      const options = carouselOptions({ reducedMotion: query.matches })
      swiper.params.speed = options.speed
      if (query.matches) swiper.autoplay.stop()
    }
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [ready])

  const move = (direction: 'prev' | 'next', focusSlide = false) => {
    const swiper = swiperRef.current
    if (!swiper) return
    if (direction === 'prev') swiper.slidePrev()
    else swiper.slideNext()
    const index = swiper.realIndex
    const banner = banners[index]
    if (banner) setAnnouncement(`แบนเนอร์ ${slideLabel(index, count)}: ${banner.title}`)
    if (focusSlide)
      swiper.slides[index]?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true })
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (!ready || event.altKey || event.ctrlKey || event.metaKey) return
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    const onSlide = containerRef.current?.contains(document.activeElement) ?? false
    move(event.key === 'ArrowLeft' ? 'prev' : 'next', onSlide)
  }

  // Pause while anything inside has focus (hover is swiper's pauseOnMouseEnter).
  const onFocus = () => {
    const autoplay = swiperRef.current?.autoplay
    if (autoplay?.running && !autoplay.paused) autoplay.pause()
  }
  const onBlur = (event: FocusEvent) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return
    const autoplay = swiperRef.current?.autoplay
    if (autoplay?.running && autoplay.paused && !userPaused.current) autoplay.resume()
  }

  const togglePlay = () => {
    const swiper = swiperRef.current
    if (!swiper) return
    if (swiper.autoplay.running) {
      userPaused.current = true
      swiper.autoplay.stop()
    } else {
      userPaused.current = false
      swiper.autoplay.start()
    }
  }
  const reducedMotion = ready && window.matchMedia(REDUCED_MOTION).matches

  if (count === 0) return null
  return (
    // The keys and focus come from the links and buttons inside (delegation);
    // the section itself takes no focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="ภาพสไลด์"
      aria-label="แบนเนอร์"
      className="relative"
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      data-carousel={ready ? 'ready' : 'static'}
    >
      <div ref={containerRef} className="swiper banner-carousel rounded-2xl bg-night-900">
        <div className="swiper-wrapper">
          {banners.map((banner, index) => (
            <div
              key={banner.id}
              className="swiper-slide"
              role="group"
              aria-roledescription="สไลด์"
              aria-label={slideLabel(index, count)}
            >
              <Link to={banner.link} className="relative block aspect-[2/1] overflow-hidden">
                <HostImage
                  path={banner.image}
                  width={BANNER_WIDTH}
                  height={BANNER_HEIGHT}
                  sizes={BANNER_SIZES}
                  alt={banner.subtitle ? `${banner.title} — ${banner.subtitle}` : banner.title}
                  priority={index === 0}
                  className="h-full w-full object-cover"
                />
                <span
                  aria-hidden="true"
                  className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/60 to-transparent px-4 pb-3 pt-8"
                >
                  <span className="block text-lg font-bold leading-tight text-white">
                    <Words text={banner.title} />
                  </span>
                  {banner.subtitle ? (
                    <span className="mt-0.5 block text-sm text-slate-100">{banner.subtitle}</span>
                  ) : null}
                </span>
              </Link>
            </div>
          ))}
        </div>
      </div>
      {ready ? (
        <>
          <button
            type="button"
            onClick={() => move('prev')}
            aria-label="แบนเนอร์ก่อนหน้า"
            className="absolute left-1 top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-2xl text-white hover:bg-black/75"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            onClick={() => move('next')}
            aria-label="แบนเนอร์ถัดไป"
            className="absolute right-1 top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-2xl text-white hover:bg-black/75"
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className="absolute right-2 top-2 z-10 flex items-center gap-2">
            {reducedMotion ? null : (
              <button
                type="button"
                onClick={togglePlay}
                aria-label={playing ? 'หยุดเลื่อนอัตโนมัติ' : 'เลื่อนอัตโนมัติ'}
                className="flex h-11 w-11 items-center justify-center rounded-full bg-black/55 text-sm text-white hover:bg-black/75"
              >
                <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
              </button>
            )}
          </div>
          <div
            aria-hidden="true"
            className="absolute left-1/2 top-3 z-10 flex -translate-x-1/2 gap-1.5"
          >
            {banners.map((banner, index) => (
              <span
                key={banner.id}
                data-active={index === active ? 'true' : undefined}
                className={`h-1.5 rounded-full transition-all motion-reduce:transition-none ${index === active ? 'w-5 bg-gold-400' : 'w-1.5 bg-white/70'}`}
              />
            ))}
          </div>
        </>
      ) : null}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </section>
  )
}
