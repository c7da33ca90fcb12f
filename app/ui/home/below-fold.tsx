/**
 * The home's news, below the first screen, in a chunk
 * loaded with import() by the home route (app/routes/_default._index): the
 * server renders them in the page, the browser hydrates them once this chunk
 * has come, after the first load (decision 0148). They import no module of
 * the first-load file: the path comes as a prop. (The promotions, as far
 * down, stay: their pictures read the image host from the root's data,
 * ~/ui/member, which this chunk would pull out of the first-load file.)
 */
export { NewsList } from '~/ui/home/news-list'
