// Builds the CLI into out/cli/index.js: one ESM file with its dependencies inside (the SDK, zod,
// ajv …), so a start reads one file instead of resolving ~300 modules (half of its start time).
// What only some commands need (built-in servers, HTTP transports) stays in lazy chunks beside it.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { cliSourcesPlugin } from './cliBuild.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

await build({
  configFile: false,
  root,
  logLevel: process.env.CLI_BUILD_LOG_LEVEL ?? 'warn',
  resolve: { alias: { '@shared': join(root, 'packages/shared') } },
  plugins: [cliSourcesPlugin(root)],
  // the MCP Registry this build searches by default, as in the app (README, Packaging)
  define: { __MCP_STUDIO_DEFAULT_REGISTRY__: JSON.stringify(process.env.MCP_STUDIO_DEFAULT_REGISTRY ?? '') },
  // `open` finds its xdg-open script next to its own file, so it stays a package (loaded only to open a link)
  ssr: { noExternal: true, external: ['open'] },
  build: {
    ssr: join(root, 'src/cli/index.ts'),
    outDir: join(root, 'out/cli'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { format: 'esm', entryFileNames: 'index.js', chunkFileNames: 'chunks/[name]-[hash].js' } }
  }
})
