/**
 * The home's lower parts for the server's render (./route.tsx): imported
 * statically here, so the server writes them into the page at once (a
 * `lazy()` part would stream in hidden until a script shows it, and a page
 * without JavaScript would never show it). The browser's build replaces this
 * module with an empty one and loads the parts with import() (decision 0148).
 */
export * from '~/ui/home/below-fold'
