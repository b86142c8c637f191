// A tool call whose server floods its own log (log-flood.mjs: COUNT notifications/message, then the
// reply) through MCPService against a bare SDK Client on the same server: the time to the reply,
// and RSS after. MCPService takes at most a thousand log lines a second and counts the rest.
// Knobs: COUNT (default 200000), ROUNDS (default 3).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import { fixture, loadMain, median, report, time } from './support'

const COUNT = Number(process.env.COUNT ?? 200_000)
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const { MCPService, createNodePlatform } = await loadMain()

const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200 })
const server: McpServer = { id: 'flood', name: 'log-flood', type: 'stdio', command: process.execPath, args: [fixture('log-flood.mjs')], isActive: true, timeout: 600 }
await service.callTool({ server, name: 'echo', args: { message: 'warm-up' } })

const bare = new Client({ name: 'bare', version: '1.0.0' })
bare.setNotificationHandler(LoggingMessageNotificationSchema, () => undefined)
await bare.connect(new StdioClientTransport({ command: process.execPath, args: [fixture('log-flood.mjs')] }))

const ours: number[] = []
const theirs: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  ours.push(await time(() => service.callTool({ server, name: 'flood', args: { count: COUNT } })))
  theirs.push(await time(() => bare.callTool({ name: 'flood', arguments: { count: COUNT } }, undefined, { timeout: 600_000 })))
}
report('logFlood', 'reply after flood, MCPService (ms)', median(ours), { count: COUNT })
report('logFlood', 'reply after flood, bare SDK client (ms)', median(theirs), { count: COUNT })
report('logFlood', 'ratio', median(ours) / median(theirs))
report('logFlood', 'rss (MB)', process.memoryUsage().rss / 1024 / 1024)
await bare.close()
await service.closeAll()
