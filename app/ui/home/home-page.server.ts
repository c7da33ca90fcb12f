/**
 * The server side of the home page (/), through one module: in the browser
 * build every `.server` module a route imports becomes an empty stand-in, and
 * one shared by several routes is a chunk (and a request) of its own. Imported
 * by the home route alone, this one stays inside the route's chunk
 * (docs/decisions/0007-first-load-js-budget.md, 0111).
 */
export { contentPart, homeBanners, listNews, listPromotions } from '~/backend/content.server'
export { logWarning } from '~/lib/log.server'
export { requestIdOf } from '~/lib/request-id.server'
export { newsEntry, promotionCard } from '~/ui/home/format.server'
export { mapPart, memberPlay, SHOWN } from '~/ui/home/loader.server'
