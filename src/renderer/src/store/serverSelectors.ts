import type { ServersSnapshot } from '@shared/mcp/registry'
import { mainApi } from './mainApi'

type WithMain = Parameters<ReturnType<typeof mainApi.endpoints.listServers.select>>[0]

const selectListResult = mainApi.endpoints.listServers.select()

/** Main's server list as the cache holds it now; undefined until it first arrived. */
export const selectServersSnapshot = (state: WithMain): ServersSnapshot | undefined => selectListResult(state).data

/** Main holds the user's approval of what this server runs now. */
export const selectIsApproved = (state: WithMain, serverId: string): boolean => selectServersSnapshot(state)?.approved[serverId] === true
