import { describe, expect, it } from 'vitest'
import { CAROUSEL } from '~/lib/constants'
import { carouselOptions, FLICK_MAX_MS } from '~/ui/home/carousel-options'

describe('carouselOptions', () => {
  it('maps the seed constants to swiper options', () => {
    expect(carouselOptions({ reducedMotion: false })).toEqual({
      speed: 400,
      slidesPerView: 1,
      spaceBetween: 0,
      rewind: true,
      initialSlide: 0,
      touchAngle: 30,
      shortSwipes: true,
      longSwipesMs: 250,
      longSwipesRatio: 0.5,
      resizeObserver: true,
      autoplay: { delay: 5000, pauseOnMouseEnter: true, disableOnInteraction: false },
    })
  })

  it('follows the constants, not copies of them', () => {
    const options = carouselOptions({ reducedMotion: false })
    expect(options.speed).toBe(CAROUSEL.speedMs)
    expect(options.slidesPerView).toBe(CAROUSEL.perPage)
    expect(options.touchAngle).toBe(CAROUSEL.dragAngleThresholdDeg)
    expect(options.autoplay).toMatchObject({ delay: CAROUSEL.autoplayIntervalMs })
  })

  it('treats a drag as a flick while it is faster than the flick speed over the swipe distance', () => {
    expect(FLICK_MAX_MS).toBe(CAROUSEL.swipeDistanceThresholdPx / CAROUSEL.flickVelocityThreshold)
  })

  it('with reduced motion: no autoplay and no animation', () => {
    const options = carouselOptions({ reducedMotion: true })
    expect(options.autoplay).toBe(false)
    expect(options.speed).toBe(0)
  })

  it('starts where the member left the page before swiper came', () => {
    expect(carouselOptions({ reducedMotion: false, initialSlide: 2 }).initialSlide).toBe(2)
  })
})
