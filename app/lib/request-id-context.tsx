import { createContext } from 'react'

export const RequestIdContext = createContext<string>('')
