/**
 * The home's parts below the first screen on a phone (promotions, news) and
 * the member's recent games (their tiles are shared with the lobbies), in one chunk loaded with import() by the home route
 * (app/routes/_default._index): the server renders them in the page, the
 * browser hydrates them once this chunk has come, after the first load
 * (decision 0148). They import no module of the first-load file (that would
 * take it out of the shared file): the paths and the image come as props.
 */
export { NewsList } from '~/ui/home/news-list'
export { PromotionStrip } from '~/ui/home/promotion-strip'
export { RecentGames } from '~/ui/home/recent-games'
