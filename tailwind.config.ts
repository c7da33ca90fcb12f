import type { Config } from 'tailwindcss'

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      fontFamily: {
        sans: ['"Noto Sans Thai Web"', '"Noto Sans Thai"', 'system-ui', 'sans-serif'],
      },
      colors: {
        // Dark gaming theme: night-blue surfaces, gold accents. Contrast of
        // text on `surface` is above WCAG AA (checked by axe in e2e tests).
        night: {
          950: '#070b16',
          900: '#0c1222',
          800: '#131b31',
          700: '#1c2744',
          600: '#2a3860',
        },
        gold: {
          300: '#ffe08a',
          400: '#ffd15c',
          500: '#f5b921',
          600: '#d99a06',
        },
        danger: '#ff6b6b',
        // The loading bar: a cold cyan, far from the header's gold, so 2 px are seen.
        signal: '#4fd8ff',
        success: '#4ade80',
      },
      maxWidth: {
        app: '40rem',
      },
    },
  },
  plugins: [],
} satisfies Config
