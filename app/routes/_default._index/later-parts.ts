// Loaded with import() by the home (decision 0172): the banners' swiper code and the services
// (below the first screen of a phone).
export { BannerCarousel } from '~/ui/home/banner-carousel'
export { Services } from '~/ui/home/services'
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
