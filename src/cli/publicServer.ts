import { isOnlyPlaceholders } from '@shared/mcp/placeholders'
import { REDACTED, redactText } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import { anyKindFields, type McpServer } from '@shared/mcp/server'
import { redactUrl } from '@shared/mcp/urlSecrets'

/**
 * A server as `servers` prints it: env and header names with their values hidden (unless the user
 * marked an entry not secret, or it is only a `${env:NAME}` placeholder), secret-looking flag
 * values out of the command line and query values (`?api_key=…`) out of the URL. A terminal is often shared or recorded.
 */
export function publicServer(model: McpServer): McpServer {
  const server = anyKindFields(model)
  const secrets = serverSecretValues(server)
  const visible = new Set(server.notSecret ?? [])
  const hide = (map: Record<string, string> | undefined) =>
    map && Object.fromEntries(Object.entries(map).map(([name, value]) => [name, visible.has(name) || !value || isOnlyPlaceholders(value) ? value : REDACTED]))
  return {
    ...server,
    ...(server.args ? { args: server.args.map((arg) => redactText(arg, { secrets })) } : {}),
    ...(server.env ? { env: hide(server.env) } : {}),
    ...(server.headers ? { headers: hide(server.headers) } : {}),
    ...(server.baseUrl ? { baseUrl: redactUrl(server.baseUrl) } : {})
  } as McpServer
}
