import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

// every test file ends by checking it left no process running (servers, CLIs, browsers)
const leftovers = 'tests/support/leftoverProcesses.ts'

export default defineConfig({
  resolve: {
    alias: { '@shared': resolve('packages/shared'), '@renderer': resolve('src/renderer/src') }
  },
  test: {
    // zero tests is a failure, never a silent green
    passWithNoTests: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/shared/**/*.test.ts', 'tests/main/**/*.test.ts', 'tests/cli/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          setupFiles: [leftovers],
          testTimeout: 60_000,
          hookTimeout: 60_000
        }
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['tests/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/renderer/setup.ts', leftovers],
          testTimeout: 30_000
        }
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: [leftovers],
          // one browser at a time on a 2-core machine
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000
        }
      }
    ]
  }
})
