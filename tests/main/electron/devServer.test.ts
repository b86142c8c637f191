import { describe, expect, it, vi } from 'vitest'

// the thin Electron adapter is the one place allowed a mocked electron: only app.isPackaged is read
const electron = vi.hoisted(() => ({ app: { isPackaged: false } }))
vi.mock('electron', () => ({ ...electron, default: electron }))

const { devServerUrl } = await import('../../../src/main/platform/electronDevServer')
const { isOwnPage, rendererUrl } = await import('../../../src/main/platform/electronWindows')

const DEV = 'http://localhost:5173'

describe('ELECTRON_RENDERER_URL', () => {
  it('is the page source of an unpackaged app (electron-vite dev)', () => {
    electron.app.isPackaged = false
    expect(devServerUrl({ ELECTRON_RENDERER_URL: DEV })).toBe(DEV)
    expect(devServerUrl({})).toBeUndefined()
  })

  it('is ignored by a packaged app: its windows load app:// and trust no other origin for IPC', () => {
    electron.app.isPackaged = true
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://127.0.0.1:6666')
    try {
      expect(devServerUrl()).toBeUndefined()
      expect(rendererUrl('index')).toBe('app://mcp-studio/index.html')
      expect(isOwnPage('http://127.0.0.1:6666/index.html')).toBe(false)
      expect(isOwnPage('app://mcp-studio/index.html')).toBe(true)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
