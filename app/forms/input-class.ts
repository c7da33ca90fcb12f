/**
 * How every text input and select looks (a red border when aria-invalid),
 * in a module of its own so a page that builds its own control (the
 * deposit form, the results' lotto choice) takes the class without the
 * field components.
 */
export const INPUT_CLASS =
  'w-full min-w-0 rounded-xl border border-night-600 bg-night-800 px-3 py-3 text-base aria-[invalid=true]:border-danger'
