import { app } from 'electron'

/**
 * The renderer's dev server (`electron-vite dev` sets ELECTRON_RENDERER_URL), only in an app that
 * is not packaged. A packaged app ignores the variable: whoever could set it would choose the page
 * the window loads and main trusts for IPC.
 */
export function devServerUrl(env: NodeJS.ProcessEnv = process.env, packaged = app.isPackaged): string | undefined {
  if (packaged) return undefined
  return env.ELECTRON_RENDERER_URL || undefined
}
