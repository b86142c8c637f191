import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ipcContract, methodName, type IpcChannelName } from '@shared/ipc/contract'
import { createApi } from '@shared/ipc/createApi'
import { createHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'

const channels = Object.keys(ipcContract).sort()
let host: Host
beforeAll(async () => {
  host = await createHost({
    platform: createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-contract-')) }),
    mode: 'browser',
    windows: { openTraceWindow: () => ({ opened: false, url: '/trace.html' }) }
  })
})
afterAll(() => host.close())

describe('IPC contract', () => {
  it('has a registered handler for every channel in the running host, and no other', () => {
    expect(host.router.channels().sort()).toEqual(channels)
  })

  it('names channels in one style: namespace:kebab-case', () => {
    for (const channel of channels) expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/)
  })

  it('exposes every channel exactly once on window.api, under the name derived from it', async () => {
    const called: string[] = []
    const api = createApi({
      invoke: async (channel) => {
        called.push(channel)
        return { ok: true, result: null }
      },
      on: () => () => undefined
    }) as unknown as Record<string, Record<string, () => Promise<unknown>>>
    for (const channel of channels) {
      const { namespace, method } = methodName(channel)
      await api[namespace][method]()
    }
    expect(called.sort()).toEqual(channels)
    const exposed = Object.entries(api)
      .filter(([, value]) => typeof value === 'object')
      .flatMap(([ns, methods]) => Object.keys(methods).map((m) => `${ns}.${m}`))
    expect(exposed).toHaveLength(channels.length)
  })

  it('every MCP channel names a server by id, never by a whole config', () => {
    const mcp = channels.filter((c) => c.startsWith('mcp:')) as IpcChannelName[]
    for (const channel of mcp) {
      const shape = (ipcContract[channel].args as unknown as { shape?: Record<string, unknown> }).shape ?? {}
      expect(Object.keys(shape), channel).not.toContain('server')
    }
  })

  it("keeps a window's storage to its own persist: keys: main's OTLP setting cannot be read or written plain from it", async () => {
    const context = { via: 'direct' as const }
    const refused = await host.router.invoke('storage:set-item', { key: 'trace.otlp', value: '{"endpoint":"http://evil/v1/traces"}' }, context)
    expect(refused).toMatchObject({ ok: false })
    expect(JSON.stringify(refused)).toContain('a window may only use its own persist: keys')
    expect(await host.router.invoke('storage:get-item', { key: 'trace.otlp' }, context)).toMatchObject({ ok: false })
    expect(await host.router.invoke('storage:set-item', { key: 'persist:root', value: '{}' }, context)).toEqual({ ok: true, result: undefined })
  })
})
