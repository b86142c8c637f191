import type { McpListKind } from '@shared/ipc/contract'
import { useListPromptsQuery, useListResourcesQuery, useListToolsQuery } from '@renderer/store/mainApi'

export type TabCounts = Partial<Record<McpListKind, number>>

const count = ({ data }: { data?: unknown[] }) => ({ count: data?.length })

/**
 * How many tools, prompts and resources a connected server has, for the editor's tab labels: the
 * same cache entries the tabs show, so opening a tab asks main nothing more. Only while connected:
 * listing is for a running server.
 */
export function useServerTabCounts(serverId: string, connected: boolean): TabCounts {
  const options = { skip: !connected, selectFromResult: count }
  return {
    tools: useListToolsQuery(serverId, options).count,
    prompts: useListPromptsQuery(serverId, options).count,
    resources: useListResourcesQuery(serverId, options).count
  }
}
