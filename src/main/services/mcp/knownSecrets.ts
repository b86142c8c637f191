import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { redactText } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import type { McpServer } from '@shared/mcp/server'

/**
 * The secret values of every server this process started, including those `${env:NAME}` brought
 * in at start. An error raised with the saved config only knows the placeholder; whatever
 * leaves the host (an IPC error, a status event, the CLI's stderr) is scrubbed with these too.
 */
export class KnownSecrets {
  private readonly byServer = new Map<string, string[]>()
  private all: string[] | undefined

  /** The saved config and the config as started (and values only it knows are secret: an extension's sensitive settings); replaces what this server had before. */
  remember(configured: McpServer, started?: McpServer, extra: readonly string[] = []): void {
    this.byServer.set(configured.id, [...new Set([...serverSecretValues(configured, started), ...extra])])
    this.all = undefined
  }

  /** built once per change, not per message: the list changes only when a server starts */
  values(): readonly string[] {
    this.all ??= [...new Set([...this.byServer.values()].flat())]
    return this.all
  }

  redact(text: string): string {
    const secrets = this.values()
    return secrets.length ? redactText(text, { secrets }) : text
  }

  /** A tool's error result with its text scrubbed: an upstream error often echoes the token. */
  redactErrorResult(result: CallToolResult): CallToolResult {
    if (!this.values().length) return result
    const content = result.content.map((item) => (item.type === 'text' ? { ...item, text: this.redact(item.text) } : item))
    return { ...result, content }
  }
}
