import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ThoughtHistory } from './thoughtHistory'
import { registerSequentialThinking } from './tool'

/** `@studio/sequential-thinking`: each connection gets its own, empty thought history. */
export function createSequentialThinkingServer(): McpServer {
  const mcp = new McpServer({ name: 'studio-sequential-thinking', version: '1.0.0' })
  registerSequentialThinking(mcp, new ThoughtHistory())
  return mcp
}
