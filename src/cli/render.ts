import type {
  CallToolResult,
  ContentBlock,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate
} from '@modelcontextprotocol/sdk/types.js'
import type { ServerLogEntry } from '@shared/mcp/logs'

/** Human output of the CLI. Every content type is named, so nothing silently disappears. */

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0].trim()
}

/** Decoded size of base64 data, which is what a user means by "1234 bytes". */
function base64Bytes(data: string): number {
  return Buffer.byteLength(data, 'base64')
}

type ResourceContents = ReadResourceResult['contents'][number]

function renderResourceContents(item: ResourceContents, heading: boolean): string {
  const mime = item.mimeType ?? 'unknown type'
  if ('text' in item && typeof item.text === 'string') {
    return heading ? `[resource ${item.uri} (${mime})]\n${item.text}` : item.text
  }
  const blob = 'blob' in item && typeof item.blob === 'string' ? item.blob : ''
  return `[resource ${item.uri} ${mime}, ${base64Bytes(blob)} bytes]`
}

export function renderContent(item: ContentBlock): string {
  switch (item.type) {
    case 'text':
      return item.text
    case 'image':
    case 'audio':
      return `[${item.type} ${item.mimeType}, ${base64Bytes(item.data)} bytes]`
    case 'resource':
      return renderResourceContents(item.resource, true)
    case 'resource_link':
      return `[resource link ${item.uri}${item.name ? ` "${item.name}"` : ''}${item.mimeType ? ` (${item.mimeType})` : ''}]`
    default:
      return JSON.stringify(item)
  }
}

export function renderToolResult(result: CallToolResult): string {
  const parts = result.content.map(renderContent)
  if (result.structuredContent !== undefined) parts.push(`[structured content]\n${JSON.stringify(result.structuredContent, null, 2)}`)
  if (result.isError) parts.unshift('the tool reported an error:')
  return parts.join('\n')
}

export function renderPromptList(prompts: Prompt[]): string {
  if (prompts.length === 0) return 'no prompts'
  return prompts
    .map((p) => {
      const args = (p.arguments ?? []).map((a) => `${a.name}${a.required ? '*' : ''}`).join(', ')
      return `${p.name}\t(${args})\t${firstLine(p.description)}`.trimEnd()
    })
    .join('\n')
}

export function renderPrompt(result: GetPromptResult): string {
  const lines = result.description ? [result.description, ''] : []
  for (const message of result.messages) lines.push(`[${message.role}]`, renderContent(message.content))
  return lines.join('\n')
}

export function renderResourceList(resources: Resource[], templates: ResourceTemplate[]): string {
  const row = (target: string, r: { name: string; title?: string; mimeType?: string; description?: string }) =>
    `  ${target}\t${r.title ?? r.name}\t${r.mimeType ?? ''}\t${firstLine(r.description)}`.trimEnd()
  const lines = [`resources (${resources.length}):`, ...resources.map((r) => row(r.uri, r))]
  lines.push(`templates (${templates.length}):`, ...templates.map((t) => row(t.uriTemplate, t)))
  return lines.join('\n')
}

export function renderResource(result: ReadResourceResult): string {
  if (result.contents.length === 0) return 'the resource has no contents'
  const heading = result.contents.length > 1
  return result.contents.map((item) => renderResourceContents(item, heading)).join('\n')
}

export function renderLogs(entries: ServerLogEntry[]): string {
  if (entries.length === 0) return 'no log entries'
  return entries
    .map((e) => {
      const source = e.source ? ` [${e.source}]` : ''
      const data = e.data !== undefined ? ` ${JSON.stringify(e.data)}` : ''
      return `${new Date(e.timestamp).toISOString()} ${e.level.padEnd(6)}${source} ${e.message}${data}`
    })
    .join('\n')
}

export function renderToolList(tools: { name: string; id: string; description?: string }[]): string {
  if (tools.length === 0) return 'no tools'
  return tools.map((t) => `${t.name}\t${t.id}\t${firstLine(t.description)}`.trimEnd()).join('\n')
}
