import { isHttp, type McpServer } from '@shared/mcp/server'
import type { McpHost } from '../main/services/mcp/mcpHost'
import { ExitCode, usageError } from './errors'
import { out, outJson } from './output'

/**
 * `auth SERVER`: the browser sign-in of a remote server, run now (the other commands only use
 * what it stored, and say to run it); `--logout` revokes and forgets.
 */
export async function authCommand(server: McpServer, logout: boolean, json: boolean, service: McpHost): Promise<number> {
  if (!isHttp(server)) throw usageError(`"${server.name}" is not a remote server; only HTTP servers sign in`)
  const oauth = await service.oauth.get()
  if (logout) {
    await oauth.signOut(server)
    await (json ? outJson({ signedIn: false }) : out(`signed out of ${server.name}`))
    return ExitCode.Ok
  }
  await service.signIn(server)
  const status = await oauth.status(server)
  if (json) await outJson(status)
  else if (!status.signedIn) await out(`${server.name} connected without a sign-in (it asks for none)`)
  else await out(`signed in to ${server.name}${status.authorizationServer ? ` at ${status.authorizationServer}` : ''}${status.scopes?.length ? ` (scopes: ${status.scopes.join(' ')})` : ''}`)
  return ExitCode.Ok
}
