import { deferredParts } from '~/ui/deferred'
import * as lobbyOnServer from './lobby.server'

// Decision 0172: links and a GET form, which work as plain HTML until their code arrives.
const lobby = deferredParts(lobbyOnServer, () => import('./lobby'))
export const Lobby = lobby.part('Lobby')
export const ProviderLinks = lobby.part('ProviderLinks')
