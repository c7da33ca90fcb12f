// Pure: the unit test pins the mapping; the lazily loaded swiper code only spreads it. docs/decisions/0046.
import type { SwiperOptions } from 'swiper/types'
import { CAROUSEL } from '~/lib/constants'

export interface CarouselSettings {
  reducedMotion: boolean
  initialSlide?: number
}

export type CarouselOptions = Pick<
  SwiperOptions,
  | 'speed'
  | 'slidesPerView'
  | 'spaceBetween'
  | 'rewind'
  | 'initialSlide'
  | 'touchAngle'
  | 'longSwipesRatio'
  | 'longSwipesMs'
  | 'shortSwipes'
  | 'resizeObserver'
  | 'autoplay'
>

/** Splide 2 decided a flick by speed and distance, swiper by time alone: 150 px / 0.6 px/ms = 250 ms. */
export const FLICK_MAX_MS = Math.round(
  CAROUSEL.swipeDistanceThresholdPx / CAROUSEL.flickVelocityThreshold,
)

export function carouselOptions({
  reducedMotion,
  initialSlide = 0,
}: CarouselSettings): CarouselOptions {
  return {
    speed: reducedMotion ? 0 : CAROUSEL.speedMs,
    slidesPerView: CAROUSEL.perPage,
    spaceBetween: 0,
    // Splide's default "slide" type stops at the ends; autoplay would stop
    // with it, so the last slide goes back to the first (no cloned slides, as loop would add).
    rewind: true,
    initialSlide,
    touchAngle: CAROUSEL.dragAngleThresholdDeg,
    shortSwipes: true,
    longSwipesMs: FLICK_MAX_MS,
    // A slow drag (Splide's "swipe") lands on the nearest slide: past half the width.
    longSwipesRatio: 0.5,
    // Splide's `throttle` limited its resize handler; swiper watches the box
    // with a ResizeObserver instead. flickPower and breakpoint debounce have
    // no use with one slide per view and no breakpoints.
    resizeObserver: true,
    autoplay: reducedMotion
      ? false
      : {
          delay: CAROUSEL.autoplayIntervalMs,
          pauseOnMouseEnter: true,
          // Pause on focus is the carousel's own (focusin / focusout); a
          // swipe or button restarts the interval rather than ending autoplay.
          disableOnInteraction: false,
        },
  }
}
