import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/mock-backend/**/*.test.ts',
      'tests/smoke/**/*.test.ts',
    ],
    environment: 'node',
    // Route modules read the validated environment: give them a complete one.
    env: {
      BACKEND_URL: 'http://127.0.0.1:9',
      SESSION_SECRET: 'unit-test-session-secret-0123456789',
      LINE_CHANNEL_ID: 'unit-line-channel',
    },
    restoreMocks: true,
    // Every core: Vitest's default leaves one free, which on CI's two cores is half the machine.
    maxWorkers: availableParallelism(),
  },
})
