import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { InProcessServerContext } from '../../transports/inMemory'
import { KnowledgeGraphStore } from './knowledgeGraphStore'
import { memoryFilePath } from './memoryFile'
import { registerMemoryTools } from './tools'

/** `@studio/memory`: a knowledge graph kept in `{userData}/mcp/memory.json` (or MEMORY_FILE_PATH). */
export function createMemoryServer({ server, userDataDir }: InProcessServerContext): McpServer {
  const mcp = new McpServer({ name: 'studio-memory', version: '1.0.0' })
  registerMemoryTools(mcp, new KnowledgeGraphStore(memoryFilePath(userDataDir, server.env)))
  return mcp
}
