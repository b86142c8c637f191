import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

const shared = { '@shared': resolve('packages/shared') }

export default defineConfig({
  main: {
    resolve: { alias: shared },
    build: {
      rollupOptions: {
        // index: the Electron app; browser: the same services served to a browser (no Electron)
        input: { index: resolve('src/main/index.ts'), browser: resolve('src/main/browser/main.ts') }
      }
    }
  },
  preload: {
    resolve: { alias: shared },
    build: {
      // a sandboxed preload must be one CommonJS file with nothing external but 'electron'
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: 'src/renderer',
    resolve: { alias: { ...shared, '@renderer': resolve('src/renderer/src') } },
    plugins: [react()],
    build: {
      // electron-vite leaves the renderer unminified; minified, the window parses a third as much
      minify: true,
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html'), trace: resolve('src/renderer/trace.html') }
      }
    }
  }
})
