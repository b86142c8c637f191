import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { convert, FORMATS } from './convert'
import { FetchError } from './fetchError'
import { fetchUrl } from './fetchUrl'
import { pageText } from './paging'
import type { FetchSettings } from './settings'

const DESCRIPTION = `Fetches a URL from the internet and returns its contents, by default as markdown.

Pages are often long: read them in parts with max_length and start_index; a truncated answer ends with
a note saying which start_index gets the next part. format "html" gives the page as sent, "text" the
words without markup, "json" a JSON response pretty-printed.`

const failure = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true })

/** The reference fetch server's `fetch` tool (url, max_length, start_index, raw), plus `format`. */
export function registerFetchTool(server: McpServer, settings: FetchSettings): void {
  server.registerTool(
    'fetch',
    {
      title: 'Fetch',
      description: DESCRIPTION,
      inputSchema: {
        url: z.string().min(1).describe('URL to fetch (http or https)'),
        max_length: z.number().int().min(1).max(1_000_000).default(5000).describe('Maximum number of characters to return'),
        start_index: z.number().int().min(0).default(0).describe('Return output starting at this character index, for the part after a truncated answer'),
        format: z.enum(FORMATS).default('markdown').describe('markdown (default), html (as sent), text (no markup) or json (pretty-printed)'),
        raw: z.boolean().default(false).describe('Same as format "html": the page as sent, without simplification')
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }
    },
    async ({ url, max_length, start_index, format, raw }, extra): Promise<CallToolResult> => {
      try {
        const page = await fetchUrl(url, settings, extra.signal)
        const content = convert(page, raw ? 'html' : format)
        return { content: [{ type: 'text', text: pageText(page.url, content, start_index, max_length) }] }
      } catch (error) {
        // one line for the model; an unexpected error is named, never thrown into the connection
        if (error instanceof FetchError) return failure(`Failed to fetch: ${error.message}`)
        return failure(`Failed to fetch ${url.slice(0, 200)}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  )
}
