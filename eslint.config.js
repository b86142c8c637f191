// Lint, and the layer rules of ARCHITECTURE.md: arrows point down only.
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const noNode = [
  ...builtinModules.filter((m) => !m.startsWith('_')).map((name) => ({ name, message: 'Node modules are for main and the CLI only.' })),
  { name: 'electron', message: 'electron is for the Electron seam only (src/main/index.ts, platform/electron*, ipc/electron*).' }
]
const nodePrefix = { group: ['node:*'], message: 'Node modules are for main and the CLI only.' }

export const layerRules = [
  {
    name: 'layers/shared',
    files: ['packages/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: noNode,
        patterns: [nodePrefix, { group: ['**/src/**', '@renderer/*'], message: 'packages/shared imports nothing from src/.' }]
      }]
    }
  },
  {
    name: 'layers/renderer',
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: noNode,
        patterns: [nodePrefix, { group: ['**/main/**', '**/preload/**', '**/cli/**'], message: 'The renderer reaches main only through window.api.' }]
      }]
    }
  },
  {
    name: 'layers/preload',
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: noNode.filter((p) => p.name !== 'electron'),
        patterns: [nodePrefix, { group: ['**/main/**', '**/renderer/**'], message: 'The preload only bridges the shared contract.' }]
      }]
    }
  },
  {
    name: 'layers/main',
    files: ['src/main/**/*.ts', 'src/cli/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/platform/electron*', 'src/main/ipc/electron*'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'Only src/main/index.ts, platform/electron* and ipc/electron* import electron; use the Platform seam.' }],
        patterns: [{ group: ['**/renderer/**', '**/preload/**'], message: 'main never imports the renderer or the preload.' }]
      }]
    }
  },
  {
    // tracing decorates the MCP service and observes it; the service knows nothing of tracing
    name: 'layers/mcp',
    files: ['src/main/services/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'Only src/main/index.ts, platform/electron* and ipc/electron* import electron; use the Platform seam.' }],
        patterns: [
          { group: ['**/renderer/**', '**/preload/**'], message: 'main never imports the renderer or the preload.' },
          { regex: '^\\.\\.?/(.*/)?trace/', message: 'mcp/ imports nothing of trace/: tracing wraps the service (TracedMcpService) and sees its own work through McpObserver.' }
        ]
      }]
    }
  }
]

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]
    }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } }
  },
  ...layerRules
)
