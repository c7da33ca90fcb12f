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
