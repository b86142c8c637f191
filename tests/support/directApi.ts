import type { McpApi } from '@shared/ipc/api'
import { createApi } from '@shared/ipc/createApi'
import type { IpcEventName } from '@shared/ipc/contract'
import type { IpcRouter } from '../../src/main/ipc/IpcRouter'

/**
 * A real `McpApi` wired straight to a real IpcRouter, with no transport in between: for tests that
 * exercise renderer code against the real main-side handlers. `emit` delivers events to listeners.
 */
export function createDirectApi(router: IpcRouter): { api: McpApi; emit: (event: IpcEventName, payload: unknown) => void } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const api = createApi({
    // arguments go as browser mode sends them, JSON (the stricter wire: an undefined value is
    // dropped there, kept by Electron's structured clone); the answer comes back structured-cloned
    invoke: async (channel, args) => structuredClone(await router.invoke(channel, args === undefined ? undefined : JSON.parse(JSON.stringify(args)), { via: 'direct' })),
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    }
  })
  const emit = (event: IpcEventName, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }
  return { api, emit }
}
