import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { collapseMcpErrorPrefix } from '@shared/mcp/mcpErrorText'

/** A tool's error result as the user reads it: a prefix the SDK repeated at each hop, shown once. */
export function tidyErrorResult(result: CallToolResult): CallToolResult {
  if (!result.content.some((item) => item.type === 'text' && item.text.includes('MCP error'))) return result
  return { ...result, content: result.content.map((item) => (item.type === 'text' ? { ...item, text: collapseMcpErrorPrefix(item.text) } : item)) }
}
