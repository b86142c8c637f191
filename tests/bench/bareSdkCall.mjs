// The baseline of the cliStart bench: the least a script can do for one tool call over stdio
// with the MCP SDK (spawn the server, initialize, call, close). Usage: node bareSdkCall.mjs
// TOOL ARGS_JSON -- COMMAND [ARG…]; prints the result's text content.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const [tool, argsJson, dashes, command, ...args] = process.argv.slice(2)
if (!tool || !argsJson || dashes !== '--' || !command) {
  process.stderr.write('usage: node bareSdkCall.mjs TOOL ARGS_JSON -- COMMAND [ARG…]\n')
  process.exit(2)
}
const client = new Client({ name: 'bare-sdk-call', version: '1.0.0' })
await client.connect(new StdioClientTransport({ command, args }))
const result = await client.callTool({ name: tool, arguments: JSON.parse(argsJson) })
for (const block of result.content) if (block.type === 'text') process.stdout.write(`${block.text}\n`)
await client.close()
