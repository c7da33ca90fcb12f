// Loaded with import() by the lobby pages (decision 0172).
export { Lobby, ProviderLinks } from '~/ui/games/lobby'
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
