import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { IpcRouter } from '../../../src/main/ipc/IpcRouter'
import { appHandlers } from '../../../src/main/ipc/appHandlers'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'

function appRouter(opened: string[] = []) {
  const router = new IpcRouter()
  const platform = createNodePlatform({
    userDataDir: mkdtempSync(join(tmpdir(), 'mcp-router-')),
    openUrl: async (url) => void opened.push(url)
  })
  router.handleAll(appHandlers({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false, url: '/trace.html' }) } }))
  return router
}


describe('IpcRouter', () => {
  it('runs a handler and returns its result', async () => {
    const response = await appRouter().invoke('app:get-info', undefined, { via: 'direct' })
    expect(response).toEqual({
      ok: true,
      result: { name: 'MCP Studio', version: expect.stringMatching(/^\d+\.\d+\.\d+/), mode: 'browser', platform: process.platform, dataFolder: expect.stringContaining('mcp-router-') }
    })
  })

  it('opens the data folder only where the platform has a file manager to ask', async () => {
    expect(await appRouter().invoke('app:open-data-folder', undefined, { via: 'direct' })).toEqual({ ok: true, result: { opened: false } })
  })

  it('refuses bad arguments with an error that names the field, before the handler runs', async () => {
    const router = new IpcRouter()
    let ran = false
    router.handle('mcp:list-tools', () => {
      ran = true
      return []
    })
    const response = await router.invoke('mcp:list-tools', { serverId: 42 }, { via: 'direct' })
    expect(ran).toBe(false)
    expect(response.ok).toBe(false)
    if (response.ok) return
    expect(response.error.code).toBe('INVALID_ARGUMENTS')
    expect(response.error.message).toContain('mcp:list-tools')
    expect(response.error.message).toContain('serverId')

    const missing = await router.invoke('mcp:list-tools', {}, { via: 'direct' })
    expect(!missing.ok && missing.error.message).toContain('serverId')
  })

  it('serializes a thrown error as plain redacted data, without a stack', async () => {
    const router = new IpcRouter()
    router.handle('mcp:list-tools', () => {
      const error = new Error('server said 401 to Authorization: Bearer sk-live-1234567890 with api_key=abcdef123')
      Object.assign(error, { code: 'E_AUTH', data: { headers: { Authorization: 'Bearer sk-live-1234567890' }, attempt: 2 } })
      throw error
    })
    const response = await router.invoke('mcp:list-tools', { serverId: 's1' }, { via: 'direct' })
    expect(response.ok).toBe(false)
    if (response.ok) return
    const text = JSON.stringify(response)
    expect(text).not.toContain('sk-live-1234567890')
    expect(text).not.toContain('abcdef123')
    expect(text).not.toContain('at ') // no stack frames
    expect(response.error).toEqual({
      name: 'Error',
      message: 'server said 401 to Authorization: Bearer <redacted> with api_key=<redacted>',
      code: 'E_AUTH',
      data: { headers: { Authorization: '<redacted>' }, attempt: 2 }
    })
    // it survives a structured clone, as Electron IPC does
    expect(structuredClone(response)).toEqual(response)
  })

  it('answers an unknown channel with a clear error, and refuses junk channel names', async () => {
    const router = appRouter()
    const response = await router.invoke('mcp:delete-everything', {}, { via: 'direct' })
    expect(response).toEqual({
      ok: false,
      error: { name: 'IpcError', code: 'UNKNOWN_CHANNEL', message: 'Unknown IPC channel "mcp:delete-everything"' }
    })
    const proto = await router.invoke('__proto__', {}, { via: 'direct' })
    expect(!proto.ok && proto.error.code).toBe('UNKNOWN_CHANNEL')
  })

  it('refuses to register a channel twice or one outside the contract', () => {
    const router = appRouter()
    expect(() => router.handle('app:get-info', () => ({ name: '', version: '', mode: 'browser', platform: '', dataFolder: '' }))).toThrow(/already/)
    expect(() => router.handle('mcp:nope' as never, () => undefined as never)).toThrow(/not in the IPC contract/)
  })

  it('opens only http(s) links, and says why it refused one', async () => {
    const opened: string[] = []
    const router = appRouter(opened)
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
      const response = await router.invoke('app:open-external', { url }, { via: 'direct' })
      expect(response.ok, url).toBe(false)
      expect(!response.ok && response.error.message).toMatch(/Refused to open/)
    }
    const ok = await router.invoke('app:open-external', { url: 'https://modelcontextprotocol.io/docs' }, { via: 'direct' })
    expect(ok.ok).toBe(true)
    expect(opened).toEqual(['https://modelcontextprotocol.io/docs'])
  })
})
