import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { InProcessServerContext } from '../../transports/inMemory'
import { fetchSettings } from './settings'
import { registerFetchTool } from './tool'

/**
 * `@studio/fetch`: web pages as markdown, html, text or json. Public addresses only unless the
 * server's env has FETCH_ALLOW_PRIVATE=1; FETCH_TIMEOUT_MS and FETCH_MAX_BYTES set the limits.
 */
export function createFetchServer({ server }: InProcessServerContext): McpServer {
  const mcp = new McpServer({ name: 'studio-fetch', version: '1.0.0' })
  registerFetchTool(mcp, fetchSettings(server.env))
  return mcp
}
