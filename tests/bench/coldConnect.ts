// Cold connect over stdio (spawn + initialize + listTools) through MCPService vs the raw SDK
// Client on the same server-everything, interleaved; ratio of medians (goal ≤ 1.10, shell env warm).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { EVERYTHING, loadMain, median, report, time } from './support'

const ITERATIONS = Number(process.env.ITERATIONS ?? 25)
const WARMUP = 3
const { MCPService, createNodePlatform } = await loadMain()
const { createLoginShellEnvLoader } = await import('../../src/main/services/mcp/shellEnv')
// both sides spawn with the same environment (the login shell's): what a server inherits
// changes its own start-up (NODE_EXTRA_CA_CERTS alone costs a Node server ~50 ms)
const loginShellEnv = createLoginShellEnvLoader()
const { env } = await loginShellEnv()
const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200, loginShellEnv })

let n = 0
async function viaService(): Promise<number> {
  const server = { id: `cold-${n++}`, name: 'everything', type: 'stdio' as const, command: process.execPath, args: [EVERYTHING, 'stdio'], isActive: true }
  const ms = await time(() => service.listTools(server))
  await service.stopServer(server)
  return ms
}

async function viaSdk(): Promise<number> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'], env, stderr: 'pipe' })
  // the same capabilities MCPService declares: server-everything registers more tools for them
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } } }
  )
  const ms = await time(async () => {
    await client.connect(transport)
    await client.listTools()
  })
  // server-everything ignores stdin closing; end it at once rather than wait out the SDK's 2 s
  if (transport.pid) process.kill(transport.pid, 'SIGTERM')
  await client.close()
  return ms
}

// warm-up: the login-shell environment is computed once, on the first connect
for (let i = 0; i < WARMUP; i++) {
  await viaService()
  await viaSdk()
}
const ours: number[] = []
const raw: number[] = []
for (let i = 0; i < ITERATIONS; i++) {
  ours.push(await viaService())
  raw.push(await viaSdk())
}
await service.closeAll()
report('cold-connect-stdio', 'median_ms_mcpservice', median(ours), { iterations: ITERATIONS })
report('cold-connect-stdio', 'median_ms_raw_sdk', median(raw), { iterations: ITERATIONS })
report('cold-connect-stdio', 'ratio_mcpservice_vs_sdk', median(ours) / median(raw), { goal: '<= 1.10' })
process.exit(0)
