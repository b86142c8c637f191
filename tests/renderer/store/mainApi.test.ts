import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import type { McpServer, StdioServer } from '@shared/mcp/server'
import { createAppStore } from '@renderer/store'
import { mainApi } from '@renderer/store/mainApi'
import { createMemoryStorage } from '../support/memoryStorage'
import { cachedServers } from '../support/cachedServers'
import { createMcpApi } from '../support/mainSide'
import { EVERYTHING, stdioServer } from '../tools/harness'

const mains: Array<{ dispose: () => Promise<void> }> = []
afterEach(async () => {
  while (mains.length) await mains.pop()!.dispose()
})

const idle = (id: string, extra: Partial<StdioServer> = {}): StdioServer => ({ id, name: id, type: 'stdio', command: 'node', args: [`${id}.js`], isActive: false, ...extra })

/** A window's store on the real main side, with the list and the states asked for, as a page would. */
async function windowOn(servers: McpServer[]) {
  const main = await createMcpApi()
  mains.push(main)
  await main.addServers(servers)
  const { store } = createAppStore({ api: main.api, storage: createMemoryStorage().storage })
  const list = store.dispatch(mainApi.endpoints.listServers.initiate())
  const states = store.dispatch(mainApi.endpoints.getStates.initiate())
  await list
  await states
  const stateOf = (id: string) => mainApi.endpoints.getStates.select()(store.getState()).data?.[id]
  return { ...main, store, stateOf }
}

describe("the api cache of main's data", () => {
  it("follows main's state of a server main starts and stops on its own, the window asking nothing", async () => {
    const { store, registry, stateOf } = await windowOn([stdioServer('everything', EVERYTHING)])
    await waitFor(() => expect(stateOf('everything')).toEqual({ status: 'connected' }), { timeout: 20_000 })
    await registry.update('everything', { isActive: false })
    await waitFor(() => expect(stateOf('everything')).toEqual({ status: 'stopped' }))
    expect(cachedServers(store)[0].isActive).toBe(false)
  })

  it("a refused change is shown at once, then undone; the error carries main's code and message", async () => {
    const { store, registry } = await windowOn([idle('a'), idle('b')])
    const kept = cachedServers(store)[1]
    const refused = store.dispatch(mainApi.endpoints.updateServer.initiate({ serverId: 'a', changes: { name: 'b', isActive: true } }))
    // shown before main answers, so a second quick change builds on it
    expect(cachedServers(store)[0]).toMatchObject({ name: 'b', isActive: true })
    const result = await refused
    expect('error' in result && result.error).toMatchObject({ code: expect.any(String), message: expect.stringContaining('b') })
    await waitFor(() => expect(cachedServers(store)[0]).toMatchObject({ name: 'a', isActive: false }))
    expect(registry.get('a')).toMatchObject({ name: 'a', isActive: false })
    // the server nobody changed is the same object, so nothing showing it renders again
    expect(cachedServers(store)[1]).toBe(kept)
  })

  it('a new order is shown at once and kept by main', async () => {
    const { store, registry } = await windowOn([idle('a'), idle('b'), idle('c')])
    const done = store.dispatch(mainApi.endpoints.reorderServers.initiate(['c', 'a', 'b']))
    expect(cachedServers(store).map((s) => s.id)).toEqual(['c', 'a', 'b'])
    await done
    expect(registry.snapshot().servers.map((s) => s.id)).toEqual(['c', 'a', 'b'])
    expect(cachedServers(store).map((s) => s.id)).toEqual(['c', 'a', 'b'])
  })
})
