import { ipcEvents } from '@shared/ipc/contract'
import type { Platform } from '../platform/Platform'
import type { McpEventName } from '../services/mcp/events'
import type { McpHost } from '../services/mcp/mcpHost'
import type { ServerRegistry } from '../services/servers/ServerRegistry'

/** The MCP host's typed events, by the name they have on the wire without `mcp:`. */
const MCP_EVENTS = Object.keys(ipcEvents).flatMap((name) => (name.startsWith('mcp:') ? [name.slice(4) as McpEventName] : []))

/**
 * The one place services' typed events become wire events (to the windows, or the browser
 * bridge): the MCP host's by name, the registry's list as `servers:changed`. Returns the undo.
 */
export function forwardEvents(deps: { platform: Platform; mcp: McpHost; registry?: ServerRegistry }): () => void {
  const { platform, mcp, registry } = deps
  const undo: Array<() => void> = MCP_EVENTS.map((name) => {
    const forward = (payload: unknown) => platform.emit(`mcp:${name}` as never, payload as never)
    mcp.events.on(name, forward)
    return () => void mcp.events.off(name, forward)
  })
  if (registry) undo.push(registry.onChanged((snapshot) => platform.emit('servers:changed', snapshot)))
  return () => undo.forEach((off) => off())
}
