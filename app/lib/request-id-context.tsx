import { createContext } from 'react'

/** Server side: the id of the request being rendered. */
export const RequestIdContext = createContext<string>('')
