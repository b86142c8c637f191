import { describe, expect, it } from 'vitest'
import { createMigrate, type PersistedState, type Persistor } from 'redux-persist'
import { createAppStore } from '@renderer/store'
import { migrations, PERSIST_VERSION } from '@renderer/store/migrations'
import { createMemoryStorage } from '../support/memoryStorage'

/** What a pre-versioning build saved: loose servers (url, type aliases, no isActive), no settings. */
const v0 = {
  mcp: {
    servers: [
      { id: 'fs', name: 'Filesystem', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
      { id: 'remote', name: 'Remote', url: 'https://example.com/mcp', type: 'streamable-http' },
      { id: 'legacy-sse', name: 'Old SSE', baseUrl: 'https://example.com/sse', type: 'sse', isActive: true },
      { name: 'no id, cannot be addressed' },
      'garbage'
    ]
  },
  _persist: { version: 0, rehydrated: true }
}

const waitForRehydration = (persistor: Persistor) =>
  new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) return resolve()
    const unsubscribe = persistor.subscribe(() => {
      if (persistor.getState().bootstrapped) {
        unsubscribe()
        resolve()
      }
    })
  })

/** redux-persist's own on-disk format: each top-level key serialized separately, then the whole. */
const serialize = (state: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(state).map(([k, v]) => [k, JSON.stringify(v)])))

describe('persisted state migrations', () => {
  it('is at version 2', () => {
    expect(PERSIST_VERSION).toBe(2)
  })

  it('v1 → v2 adds the approved command lines (none), keeping servers and dropping non-string approvals', async () => {
    const v1 = {
      mcp: { servers: [{ id: 'a', name: 'A', command: 'node', isActive: true }] },
      settings: { language: 'zh-CN', theme: 'dark' },
      _persist: { version: 1, rehydrated: true }
    }
    const migrated = (await createMigrate(migrations)(v1 as unknown as PersistedState, PERSIST_VERSION)) as unknown as {
      mcp: { servers: unknown[]; approvedTargets: unknown }
      settings: unknown
    }
    expect(migrated.mcp).toEqual({ servers: v1.mcp.servers, approvedTargets: {} })
    expect(migrated.settings).toEqual(v1.settings)
    const odd = { ...v1, mcp: { ...v1.mcp, approvedTargets: { a: 'node', b: 3 } } }
    const kept = (await createMigrate(migrations)(odd as unknown as PersistedState, PERSIST_VERSION)) as unknown as {
      mcp: { approvedTargets: unknown }
    }
    expect(kept.mcp.approvedTargets).toEqual({ a: 'node' })
  })

  it('upgrades a v0 state: url → baseUrl, type aliases, isActive default, unusable entries dropped, settings filled', async () => {
    const migrated = (await createMigrate(migrations)(v0 as unknown as PersistedState, PERSIST_VERSION)) as unknown as {
      mcp: { servers: unknown[]; approvedTargets: unknown }
      settings: unknown
    }
    expect(migrated.mcp.approvedTargets).toEqual({})
    expect(migrated.mcp.servers).toEqual([
      { id: 'fs', name: 'Filesystem', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], isActive: false },
      { id: 'remote', name: 'Remote', baseUrl: 'https://example.com/mcp', type: 'streamableHttp', isActive: false },
      { id: 'legacy-sse', name: 'Old SSE', baseUrl: 'https://example.com/sse', type: 'sse', isActive: true }
    ])
    expect(migrated.settings).toEqual({ language: 'en-US', theme: 'system' })
  })

  it('keeps valid v0 settings and replaces invalid ones', async () => {
    const state = { ...v0, settings: { language: 'zh-CN', theme: 'sepia' } } as unknown as PersistedState
    const migrated = (await createMigrate(migrations)(state, PERSIST_VERSION)) as unknown as { settings: unknown }
    expect(migrated.settings).toEqual({ language: 'zh-CN', theme: 'system' })
  })

  it('leaves a fresh install (nothing saved) to the initial state', async () => {
    const { storage } = createMemoryStorage()
    const { store, persistor } = createAppStore({ storage })
    await waitForRehydration(persistor)
    expect(store.getState().mcp.servers).toEqual([])
  })

  it('rehydrates a store from a saved v0 state and saves it back as v2', async () => {
    const { storage, data } = createMemoryStorage({ 'persist:root': serialize(v0) })
    const { store, persistor } = createAppStore({ storage })
    await waitForRehydration(persistor)
    expect(store.getState().mcp.servers.map((s) => s.id)).toEqual(['fs', 'remote', 'legacy-sse'])
    await persistor.flush()
    const saved = JSON.parse(data.get('persist:root')!) as Record<string, string>
    expect(JSON.parse(saved._persist)).toMatchObject({ version: 2 })
    expect(JSON.parse(saved.mcp).servers).toHaveLength(3)
  })
})
