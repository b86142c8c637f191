import type { McpApi } from '@shared/ipc/api'
import type { McpServer } from '@shared/mcp/server'
import type { AppDispatch } from '.'
import { serverChangedLocally, serverRemoved, serverSaved, serversApproved, serversChanged, serversLoadFailed, serversReordered, type McpServerChanges } from './mcp'
import { describeError } from '@renderer/components/errors/describeError'

/**
 * Every change to the server list, as calls to main's registry. Each applies main's answer at once
 * (the `servers:changed` event that follows says the same); a refusal throws with main's message.
 */
export function createServerCommands(api: McpApi, dispatch: AppDispatch) {
  const load = async (): Promise<void> => {
    try {
      dispatch(serversChanged(await api.servers.list()))
    } catch (error) {
      dispatch(serversLoadFailed(describeError(error)))
      throw error
    }
  }
  return {
    load,
    async add(servers: McpServer[]): Promise<McpServer[]> {
      const added = await api.servers.add({ servers })
      for (const server of added) dispatch(serverSaved(server))
      return added
    },
    async update(serverId: string, changes: McpServerChanges): Promise<McpServer> {
      dispatch(serverChangedLocally({ id: serverId, changes }))
      try {
        const saved = await api.servers.update({ serverId, changes })
        dispatch(serverSaved(saved))
        return saved
      } catch (error) {
        // main refused: show what main has
        await load().catch(() => undefined)
        throw error
      }
    },
    /** false when the user declined main's own confirmation (Electron's native dialog) */
    async approve(serverIds: string[]): Promise<boolean> {
      const approved = await api.servers.approve({ serverIds })
      if (approved) dispatch(serversApproved(serverIds))
      return approved
    },
    async remove(serverId: string): Promise<void> {
      await api.servers.remove({ serverId })
      dispatch(serverRemoved(serverId))
    },
    async reorder(serverIds: string[]): Promise<void> {
      dispatch(serversReordered(serverIds))
      await api.servers.reorder({ serverIds })
    },
    async repair(serverId: string, entry: unknown): Promise<McpServer> {
      const repaired = await api.servers.repair({ serverId, entry })
      dispatch(serverSaved(repaired))
      return repaired
    }
  }
}

export type ServerCommands = ReturnType<typeof createServerCommands>
