// Imported statically for the server's render; the browser's build replaces it with an empty
// module and loads ~/ui/error-page on use (app/error-boundaries.tsx).
export * from '~/ui/error-page'
