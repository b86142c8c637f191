import { basename } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import type { Platform } from '../../platform/Platform'

/**
 * The SDK client as this app presents itself (L9): the app's name and version, and the
 * capabilities a server may use. Roots are answered from the server's config (Q1); elicitation
 * and sampling requests get their dialogs in part 2 — until then the SDK answers "method not found".
 */
export function createClient(platform: Platform, server: McpServer): Client {
  const client = new Client(
    { name: platform.appName, version: platform.appVersion },
    {
      capabilities: {
        roots: { listChanged: true },
        sampling: {},
        elicitation: { form: {}, url: {} }
      }
    }
  )
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: (server.roots ?? []).map((path) => ({ uri: pathToFileURL(path).href, name: basename(path) }))
  }))
  return client
}
