import { resolve } from 'node:path'
import type { ComponentType } from 'react'
import type { McpServer, StdioServer } from '@shared/mcp/server'
import { useListServersQuery, useUpdateServerMutation } from '@renderer/store/mainApi'
import type { McpServerChanges } from '@renderer/store/serverListEdits'

export const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')
export const SHOWCASE = resolve('tests/renderer/runner/showcase-server.mjs')
export const fixture = (name: string) => resolve('tests/fixtures/servers', name)

/** A stdio server config for a fixture (or server-everything), run with this very node. */
export function stdioServer(id: string, script: string, extra: Partial<StdioServer> = {}): StdioServer {
  return {
    id,
    name: id,
    type: 'stdio',
    command: process.execPath,
    args: script === EVERYTHING ? [script, 'stdio'] : [script],
    isActive: true,
    ...extra
  }
}

type TabProps = { server: McpServer; onChange: (changes: McpServerChanges) => void }

/** Mounts an editor tab the way the editor does: the server from main's list, changes saved there. */
export function StoreTab({ id, tab: Tab }: { id: string; tab: ComponentType<TabProps> }) {
  const { server } = useListServersQuery(undefined, { selectFromResult: ({ data }) => ({ server: data?.servers.find((s) => s.id === id) }) })
  const [updateServer] = useUpdateServerMutation()
  if (!server) return null
  return <Tab server={server} onChange={(changes) => void updateServer({ serverId: id, changes })} />
}
