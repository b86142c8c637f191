import type { McpServer } from '@shared/mcp/server'

/** Servers the user did not type in themselves: the page shows the full command before their first start. */
const SHOWN_BEFORE_START: ReadonlySet<McpServer['installSource']> = new Set(['import', 'deeplink', 'preset', 'registry'])

/**
 * In browser mode the page shows what will run (main trusts the page: it holds the session
 * token); in Electron main asks in a native dialog of its own, so the page asks nothing.
 */
export function pageAsksFirst(server: McpServer, mode: 'electron' | 'browser'): boolean {
  return mode === 'browser' && SHOWN_BEFORE_START.has(server.installSource)
}
