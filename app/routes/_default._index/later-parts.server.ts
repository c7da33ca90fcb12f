// Rendered statically on the server; the browser's build empties this module (decision 0172).
export * from './later-parts'
