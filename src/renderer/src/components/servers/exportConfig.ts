import { publicEquivalent, STUDIO_BUILTIN_KEY } from '@shared/mcp/builtinEquivalents'
import { toFlat } from '@shared/mcp/flatServer'
import type { McpServer } from '@shared/mcp/server'

type Entry = Record<string, unknown>

/**
 * The list as an `mcpServers` file that Claude Desktop, Cursor and Cherry Studio read,
 * and our importer reads back to the same servers: `command/args/env` for stdio, `type` + `url`
 * for remote ones, our extra fields alongside (other hosts ignore unknown keys). A built-in runs
 * only inside this app: it goes out as the public package that does the same, marked so that our
 * importer brings the built-in back.
 */
export function exportMcpServers(servers: McpServer[]): { mcpServers: Record<string, Entry> } {
  const mcpServers: Record<string, Entry> = {}
  for (const server of servers) {
    const builtin = publicEquivalent(server)
    // the outside format is the flat one: `type` absent where the protocol is detected
    const s = toFlat(server)
    const entry: Entry = {
      type: builtin ? 'stdio' : s.type,
      description: s.description,
      command: builtin ? builtin.command : s.command,
      args: builtin ? builtin.args : s.args?.length ? s.args : undefined,
      env: builtin ? builtin.env : s.env && Object.keys(s.env).length ? s.env : undefined,
      [STUDIO_BUILTIN_KEY]: builtin ? s.name : undefined,
      cwd: s.cwd,
      url: s.baseUrl,
      headers: s.headers && Object.keys(s.headers).length ? s.headers : undefined,
      registryUrl: s.registryUrl,
      timeout: s.timeout,
      longRunning: s.longRunning,
      provider: s.provider,
      tags: s.tags?.length ? s.tags : undefined,
      disabledTools: s.disabledTools?.length ? s.disabledTools : undefined,
      roots: s.roots?.length ? s.roots : undefined,
      isActive: s.isActive
    }
    mcpServers[s.name] = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined))
  }
  return { mcpServers }
}

export const exportMcpServersJson = (servers: McpServer[]) => JSON.stringify(exportMcpServers(servers), null, 2)
