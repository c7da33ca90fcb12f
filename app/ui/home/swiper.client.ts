// The only module that imports swiper, loaded with import() once the page is interactive
// (docs/decisions/0046); buttons, keys and announcements are the carousel's own.
import Swiper from 'swiper'
import { Autoplay } from 'swiper/modules'
import type { CarouselOptions } from '~/ui/home/carousel-options'

export type { Swiper }

export function createSwiper(container: HTMLElement, options: CarouselOptions): Swiper {
  return new Swiper(container, { ...options, modules: [Autoplay] })
}

/** Here, not in the carousel, so the wiring loads with swiper after the first load (decision 0148). */
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
