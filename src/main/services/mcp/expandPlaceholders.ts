import { placeholdersIn, substitutePlaceholders } from '@shared/mcp/placeholders'
import { anyKindFields, type McpServer } from '@shared/mcp/server'
import { McpServerError } from './errors'
import type { LoginShellEnv } from './shellEnv'

/**
 * What a server is started with: `${env:NAME}` taken from the server's own env, else the
 * login-shell environment, as VS Code and Cursor do, so a token can live in the shell profile
 * instead of the saved config.
 * A placeholder left without a value is a clear error naming its field, never sent as is.
 */
export async function expandPlaceholders(server: McpServer, loginEnv: () => Promise<LoginShellEnv>): Promise<McpServer> {
  // each message names the field in parentheses after the placeholder: "API_TOKEN still …" would
  // read to the redactor as a token and its value
  const uses = placeholdersIn(server)
  if (uses.length === 0) return server
  const input = uses.find((use) => use.kind === 'input')
  if (input) {
    throw new McpServerError(
      server,
      'BAD_CONFIG',
      `\${input:${input.name}} (in ${input.field}) has no value yet: the imported file asks for it — type the value into the server's settings`
    )
  }
  const { env } = await loginEnv()
  // the environment the server itself gets: its own env over the login shell's (a secret
  // argument from an MCP Registry is kept, sealed, in its env and named in its args)
  const own = anyKindFields(server).env ?? {}
  const lookup = (name: string) => (own[name] !== undefined && !own[name].includes('${') ? own[name] : env[name])
  const { server: expanded, missing } = substitutePlaceholders(server, 'env', lookup)
  if (missing.length) {
    const [first, ...others] = [...new Set(missing.map((use) => use.name))]
    const alsoMissing = others.length ? ` (nor is ${others.join(', ')})` : ''
    throw new McpServerError(
      server,
      'BAD_CONFIG',
      `\${env:${first}} (in ${missing[0].field}) is not set in your shell's environment${alsoMissing} — set it there and restart MCP Studio, or type the value into the server's settings`
    )
  }
  return expanded
}
