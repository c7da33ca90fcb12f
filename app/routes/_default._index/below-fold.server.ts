// Imported statically for the server's render: a `lazy()` part would stream in hidden until a
// script shows it. The browser's build replaces this module with an empty one (decision 0148).
export * from '~/ui/home/below-fold'
