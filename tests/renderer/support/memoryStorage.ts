import type { Storage } from 'redux-persist'

/** A redux-persist storage engine in memory, with its contents visible to the test. */
export function createMemoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  const storage: Storage = {
    getItem: async (key: string) => data.get(key) ?? null,
    setItem: async (key: string, value: string) => {
      data.set(key, value)
    },
    removeItem: async (key: string) => {
      data.delete(key)
    }
  }
  return { storage, data }
}
