import type { McpServer } from '@shared/mcp/server'
import type { RootState } from '@renderer/store'
import { selectServersSnapshot } from '@renderer/store/serverSelectors'

type HasState = { getState: () => RootState }

/** Main's server list as the window's cache holds it now (empty before it arrived). */
export const cachedServers = (store: HasState): McpServer[] => selectServersSnapshot(store.getState())?.servers ?? []

/** Each server's approval as the window's cache holds it now. */
export const cachedApprovals = (store: HasState): Record<string, boolean> => selectServersSnapshot(store.getState())?.approved ?? {}
