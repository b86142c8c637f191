import type { McpServer } from '@shared/mcp/server'
import { useListServersQuery } from '@renderer/store/mainApi'

const NONE: McpServer[] = []

/** Main's servers in the user's order; empty until the list arrived. */
export function useServers(): McpServer[] {
  return useListServersQuery(undefined, { selectFromResult: ({ data }) => ({ servers: data?.servers ?? NONE }) }).servers
}
