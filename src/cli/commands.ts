import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import type { MCPService } from '../main/services/mcp/MCPService'
import type { CliCommand } from './args'
import { findServer, type LoadedConfig } from './config'
import { ExitCode, usageError } from './errors'
import { out } from './output'

export interface CommandContext {
  config: LoadedConfig
  service: MCPService
  signal: AbortSignal
}

function describeTarget(server: McpServer): string {
  if (server.command) return [server.command, ...(server.args ?? [])].join(' ')
  return server.baseUrl ?? ''
}

function typeOf(server: McpServer): string {
  return server.type ?? (server.command ? 'stdio' : 'http (Streamable HTTP, SSE fallback)')
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0].trim()
}

export async function runCommand(command: Exclude<CliCommand, { name: 'help' }>, ctx: CommandContext): Promise<number> {
  switch (command.name) {
    case 'servers': {
      if (command.json) {
        await out(JSON.stringify(ctx.config.servers, null, 2))
      } else if (ctx.config.servers.length === 0) {
        await out(`no servers configured in ${ctx.config.source}`)
      } else {
        await out(ctx.config.servers.map((s) => `${s.name}\t${typeOf(s)}\t${describeTarget(s)}`).join('\n'))
      }
      return ExitCode.Ok
    }
    case 'check': {
      const server = findServer(ctx.config, command.server)
      const tools = await ctx.service.listTools(server)
      await out(`ok: ${tools.length} tools`)
      return ExitCode.Ok
    }
    case 'tools': {
      const server = findServer(ctx.config, command.server)
      const tools = await ctx.service.listTools(server)
      if (command.json) {
        const listing = tools.map(({ name, id, description, inputSchema }) => ({ name, id, description, inputSchema }))
        await out(JSON.stringify(listing, null, 2))
      } else {
        await out(tools.map((t) => `${t.name}\t${t.id}\t${firstLine(t.description)}`).join('\n'))
      }
      return ExitCode.Ok
    }
    case 'call': {
      const server = findServer(ctx.config, command.server)
      let args: unknown = {}
      if (command.args !== undefined) {
        try {
          args = JSON.parse(command.args)
        } catch (error) {
          throw usageError(`--args is not valid JSON: ${(error as Error).message}`)
        }
        if (typeof args !== 'object' || args === null || Array.isArray(args)) throw usageError('--args must be a JSON object')
      }
      const result = await ctx.service.callTool(
        { server, name: command.tool, args: args as Record<string, unknown>, callId: `cli-${process.pid}` },
        { timeoutMs: command.timeoutSeconds ? command.timeoutSeconds * 1000 : undefined, signal: ctx.signal }
      )
      await out(command.json ? JSON.stringify(result, null, 2) : renderResult(result))
      return result.isError ? ExitCode.Failure : ExitCode.Ok
    }
  }
}

/** Human output: text as is, everything else (X6) named so nothing silently disappears. */
export function renderResult(result: CallToolResult): string {
  const parts = result.content.map((item) => {
    switch (item.type) {
      case 'text':
        return item.text
      case 'image':
      case 'audio':
        return `[${item.type} ${item.mimeType}, ${Math.floor((item.data.length * 3) / 4)} bytes]`
      case 'resource':
        return 'text' in item.resource ? `[resource ${item.resource.uri}]\n${item.resource.text}` : `[resource ${item.resource.uri} (binary)]`
      case 'resource_link':
        return `[link ${item.uri}${item.name ? ` "${item.name}"` : ''}]`
      default:
        return JSON.stringify(item)
    }
  })
  if (result.structuredContent && result.content.length === 0) parts.push(JSON.stringify(result.structuredContent, null, 2))
  if (result.isError) parts.unshift('the tool reported an error:')
  return parts.join('\n')
}
