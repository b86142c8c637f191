import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

const shared = { '@shared': resolve('packages/shared') }
// the MCP Registry this build searches by default: the packager's choice (README, Packaging)
const packagedRegistry = { __MCP_STUDIO_DEFAULT_REGISTRY__: JSON.stringify(process.env.MCP_STUDIO_DEFAULT_REGISTRY ?? '') }

export default defineConfig({
  main: {
    resolve: { alias: shared },
    define: packagedRegistry,
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
        input: { index: resolve('src/renderer/index.html'), trace: resolve('src/renderer/trace.html') },
        output: {
          // split chunks import each other in cycles (antd's parts); keep modules' own order
          strictExecutionOrder: true,
          // Big vendors each get their own chunk (cached across builds, loaded only where used);
          // antd alone is larger than Vite's 500 kB advice, so its group is cut by maxSize.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
              { name: 'codemirror', test: /node_modules[\\/](@codemirror|@lezer|@uiw|crelt|style-mod|w3c-keyname)[\\/]/, priority: 20 },
              { name: 'rjsf', test: /node_modules[\\/](@rjsf|ajv|ajv-formats|fast-uri|json-schema-merge-allof|jsonpointer|lodash|lodash-es)[\\/]/, priority: 10, maxSize: 400_000 },
              { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^/\\]+|@emotion)[\\/]/, priority: 40, maxSize: 900_000 }
            ]
          }
        }
      }
    }
  }
})
