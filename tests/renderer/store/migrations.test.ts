import { afterEach, describe, expect, it } from 'vitest'
import { createMigrate, type PersistedState, type Persistor } from 'redux-persist'
import { createAppStore } from '@renderer/store'
import { migrations, PERSIST_VERSION } from '@renderer/store/migrations'
import { createMemoryStorage } from '../support/memoryStorage'
import { disposeTrackedApis, trackedRealApi } from '../support/mainSide'

afterEach(disposeTrackedApis)

/** What a pre-versioning build saved: loose servers (url, type aliases, no isActive), no settings (main imports the servers). */
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
  it('is at version 3', () => {
    expect(PERSIST_VERSION).toBe(3)
  })

  it('v2 → v3 leaves the servers and approvals to main (which imported them) and keeps the settings', async () => {
    const v2 = {
      mcp: { servers: [{ id: 'a', name: 'A', command: 'node', isActive: true }], approvedTargets: { a: 'node' } },
      settings: { language: 'zh-CN', theme: 'dark' },
      _persist: { version: 2, rehydrated: true }
    }
    const migrated = (await createMigrate(migrations)(v2 as unknown as PersistedState, PERSIST_VERSION)) as unknown as Record<string, unknown>
    expect(migrated.mcp).toBeUndefined()
    expect(migrated.settings).toEqual(v2.settings)
  })

  it('fills in the settings of a v0 state and replaces invalid ones', async () => {
    const filled = (await createMigrate(migrations)(v0 as unknown as PersistedState, PERSIST_VERSION)) as unknown as { settings: unknown }
    expect(filled.settings).toEqual({ language: 'en-US', theme: 'system' })
    const state = { ...v0, settings: { language: 'zh-CN', theme: 'sepia' } } as unknown as PersistedState
    const migrated = (await createMigrate(migrations)(state, PERSIST_VERSION)) as unknown as { settings: unknown }
    expect(migrated.settings).toEqual({ language: 'zh-CN', theme: 'system' })
  })

  it('leaves a fresh install (nothing saved) to the initial state', async () => {
    const { storage } = createMemoryStorage()
    const { store, persistor } = createAppStore({ api: trackedRealApi(), storage })
    await waitForRehydration(persistor)
    // main's data is asked for, never rehydrated
    expect(store.getState().main.queries).toEqual({})
  })

  it('rehydrates a store from a saved v0 state and saves it back as v3, settings only', async () => {
    const { storage, data } = createMemoryStorage({ 'persist:root': serialize({ ...v0, settings: { language: 'zh-CN', theme: 'dark' } }) })
    const { store, persistor } = createAppStore({ api: trackedRealApi(), storage })
    await waitForRehydration(persistor)
    expect(store.getState().settings).toEqual({ language: 'zh-CN', theme: 'dark' })
    // the servers come from main's registry, never from this blob
    expect(store.getState().main.queries).toEqual({})
    expect(store.getState()).not.toHaveProperty('mcp')
    await persistor.flush()
    const saved = JSON.parse(data.get('persist:root')!) as Record<string, string>
    expect(JSON.parse(saved._persist)).toMatchObject({ version: 3 })
    expect(saved.mcp).toBeUndefined()
  })
})
