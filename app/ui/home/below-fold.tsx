// Loaded with import() by the home route, hydrated after the first load (decision 0148). They
// import no module of the first-load file (that would take it out of the shared file).
export { NewsList } from '~/ui/home/news-list'
export { PromotionStrip } from '~/ui/home/promotion-strip'
export { RecentGames } from '~/ui/home/recent-games'
