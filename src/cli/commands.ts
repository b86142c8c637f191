import type { ProgressEvent } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import type { McpHost } from '../main/services/mcp/mcpHost'
import type { Tracing } from '../main/services/trace/Tracing'
import { toFlat } from '@shared/mcp/flatServer'
import { publicServer } from './publicServer'
import { parsePromptArgsJson, type CliCommand } from './args'
import { listBuiltins } from './builtinList'
import { authCommand } from './authCommand'
import { callTool } from './callTool'
import { findServer, type LoadedConfig } from './config'
import { runDxtCommand } from './dxtCommand'
import { runDiscoveryCommand } from './discoveryCommands'
import { ExitCode, usageError } from './errors'
import { err, out, outJson } from './output'
import { runRegistryCommand } from './registryCommands'
import { runtimesCommand } from './runtimesCommand'
import { renderLogs, renderPrompt, renderPromptList, renderResource, renderResourceList, renderToolList } from './render'
import { withoutSecrets } from '@shared/mcp/withoutSecrets'

export interface CommandContext {
  config: LoadedConfig
  /** --input values (for `import`) */
  inputs: Record<string, string>
  /** traced when `tracing` is on */
  service: McpHost
  /** where MCP Studio keeps its data (the saved list, installed extensions) */
  userDataDir: string
  signal: AbortSignal
  /** the command's spans, when `--trace` or the OTEL_EXPORTER_OTLP_* variables asked for them */
  tracing?: Tracing
  /** progress events of one call; returns the unsubscribe */
  onProgress(callId: string, listener: (event: ProgressEvent) => void): () => void
}

function describeTarget(server: McpServer): string {
  if (server.type === 'stdio') return [server.command, ...(server.args ?? [])].join(' ')
  return server.type === 'inMemory' ? '' : server.baseUrl
}

function typeOf(server: McpServer): string {
  return server.type === 'httpAuto' ? 'http (Streamable HTTP, SSE fallback)' : server.type
}

const json = outJson

/** `logs`: the buffer is worth printing even when connecting fails — that is when it explains most. */
async function printLogs(server: McpServer, asJson: boolean, ctx: CommandContext): Promise<number> {
  let failure: unknown
  try {
    await ctx.service.initClient(server)
  } catch (error) {
    failure = error
  }
  const entries = ctx.service.getServerLogs(server)
  await (asJson ? json(entries) : out(renderLogs(entries)))
  if (failure === undefined) return ExitCode.Ok
  await err(`error: ${ctx.service.secrets.redact(failure instanceof Error ? failure.message : String(failure))}`)
  return ExitCode.Failure
}

export async function runCommand(command: Exclude<CliCommand, { name: 'help' }>, ctx: CommandContext): Promise<number> {
  if (command.name === 'runtimes') return runtimesCommand(command.json, ctx.userDataDir)
  if (command.name === 'servers' && command.builtin) {
    await listBuiltins(command.json)
    return ExitCode.Ok
  }
  if (command.name === 'servers') {
    const { servers, isApproved } = ctx.config
    const approval = (s: McpServer) => (isApproved(s.id) ? 'approved' : 'needs approval')
    const shown = servers.map(publicServer)
    // entries that failed validation are listed too, marked, with why: hiding them hid the reason a server is missing
    const broken = ctx.config.registry?.snapshot().broken ?? []
    if (command.json) {
      await json([
        // the flat shape scripts have read since the first version
        ...shown.map((s) => ({ ...toFlat(s), approved: isApproved(s.id) })),
        ...broken.map((b) => ({ id: b.id, ...(b.name ? { name: b.name } : {}), broken: true, problem: b.message }))
      ])
    } else if (shown.length === 0 && broken.length === 0) await out(`no servers configured in ${ctx.config.source}`)
    else {
      const lines = shown.map((s) => `${s.name}\t${typeOf(s)}\t${approval(s)}\t${describeTarget(s)}`)
      for (const b of broken) lines.push(`${b.name ?? b.id}\tBROKEN\t${b.message} (fix it as JSON in ${ctx.config.source})`)
      await out(lines.join('\n'))
    }
    return ExitCode.Ok
  }
  if (command.name === 'import' || command.name === 'remove' || command.name === 'approve' || command.name === 'enable' || command.name === 'disable') {
    return runRegistryCommand(command, ctx.config, ctx.inputs, ctx.userDataDir)
  }
  if (command.name === 'registry') return runDiscoveryCommand(command, { registry: ctx.config.registry, inputs: ctx.inputs, userDataDir: ctx.userDataDir })
  if (command.name === 'dxt') {
    if (!ctx.config.registry) throw usageError('"dxt" changes MCP Studio\'s saved servers and takes no --config')
    return runDxtCommand(command, ctx.config.registry, ctx.userDataDir)
  }
  if (command.name === 'call') return callTool(command, ctx)
  // loaded only for chat: the AI SDK stays out of every other command's start
  if (command.name === 'chat') return (await import('./chatCommand')).chatCommand(command, ctx)
  const server = findServer(ctx.config, command.server)
  switch (command.name) {
    case 'check': {
      const tools = await ctx.service.listTools(server)
      await (command.json ? json({ ok: true, tools: tools.length }) : out(`ok: ${tools.length} tools`))
      return ExitCode.Ok
    }
    case 'tools': {
      const tools = await ctx.service.listTools(server)
      const listing = tools.map(({ name, id, description, inputSchema, outputSchema }) => ({ name, id, description, inputSchema, outputSchema }))
      await (command.json ? json(listing) : out(renderToolList(tools)))
      return ExitCode.Ok
    }
    case 'prompts': {
      const prompts = await ctx.service.listPrompts(server)
      await (command.json ? json(prompts) : out(renderPromptList(prompts)))
      return ExitCode.Ok
    }
    case 'prompt': {
      const args = parsePromptArgsJson(command.args)
      const result = withoutSecrets(await ctx.service.getPrompt({ server, name: command.prompt, args }), ctx.service.secrets.values())
      await (command.json ? json(result) : out(renderPrompt(result)))
      return ExitCode.Ok
    }
    case 'resources': {
      const [resources, resourceTemplates] = await Promise.all([ctx.service.listResources(server), ctx.service.listResourceTemplates(server)])
      await (command.json ? json({ resources, resourceTemplates }) : out(renderResourceList(resources, resourceTemplates)))
      return ExitCode.Ok
    }
    case 'resource': {
      const result = withoutSecrets(await ctx.service.getResource({ server, uri: command.uri }), ctx.service.secrets.values())
      await (command.json ? json(result) : out(renderResource(result)))
      return ExitCode.Ok
    }
    case 'logs':
      return printLogs(server, command.json, ctx)
    case 'auth':
      return authCommand(server, command.logout, command.json, ctx.service)
  }
}
