/**
 * The only module that imports swiper. The banner carousel loads it with
 * `import()` once the page is interactive, so swiper never joins the
 * first-load JS (docs/decisions/0046). Only the Autoplay module is used:
 * buttons, keys and the position announcement are the carousel's own.
 */
import Swiper from 'swiper'
import { Autoplay } from 'swiper/modules'
import type { CarouselOptions } from '~/ui/home/carousel-options'

export type { Swiper }

export function createSwiper(container: HTMLElement, options: CarouselOptions): Swiper {
  return new Swiper(container, { ...options, modules: [Autoplay] })
}

/**
 * Builds the carousel's swiper and wires it to the page: the slide shown is
 * the only one not `inert`, and the carousel hears which one it is and
 * whether it plays. Here, not in the carousel, so the wiring loads with
 * swiper after the first load (decision 0148).
 */
export function startCarousel(
  container: HTMLElement,
  options: CarouselOptions,
  on: { slide: (index: number) => void; playing: (playing: boolean) => void },
): Swiper {
  container.scrollLeft = 0
  const swiper = createSwiper(container, options)
  // Focus moving into a slide must not scroll the box under swiper's own offset.
  const unscroll = () => {
    if (container.scrollLeft !== 0) container.scrollLeft = 0
  }
  container.addEventListener('scroll', unscroll)
  swiper.on('destroy', () => container.removeEventListener('scroll', unscroll))
  const sync = () => {
    swiper.slides.forEach((slide, index) => {
      slide.inert = index !== swiper.realIndex
    })
    on.slide(swiper.realIndex)
  }
  swiper.on('slideChange', sync)
  swiper.on('autoplayStart', () => on.playing(true))
  swiper.on('autoplayStop', () => on.playing(false))
  sync()
  on.playing(swiper.autoplay?.running ?? false)
  return swiper
}
