import { z } from 'zod'
import { McpConfigError, parseMcpConfigFile, type ConfigIssue, type ParsedConfigFile } from './configImport'

/**
 * Install links: `mcpstudio://install?servers=<base64url of an mcpServers JSON>`, or
 * `…?name=NAME&servers=<base64url of one server's entry>`. Pure, so the Electron protocol handler,
 * browser mode's `/install` page and the tests read a link the same way. A link only proposes
 * servers: the window shows each full command and adds what the user ticks, switched off.
 */

export const INSTALL_LINK_PROTOCOL = 'mcpstudio'
/** the whole link; a bigger one is refused before anything is decoded */
export const INSTALL_LINK_MAX_LENGTH = 64 * 1024
export const INSTALL_LINK_MAX_SERVERS = 50

export type InstallLinkProblem =
  | { code: 'tooLong'; params: { length: string; max: string } }
  | { code: 'notInstallLink' }
  | { code: 'missingServers' }
  | { code: 'badName' }
  | { code: 'badBase64' }
  | { code: 'invalidJson'; params: { detail: string } }
  | { code: 'nameWithMap' }
  | { code: 'badServers'; issues: ConfigIssue[] }
  | { code: 'noServers' }
  | { code: 'tooManyServers'; params: { count: string; max: string } }
  | { code: 'builtinNotAllowed'; params: { server: string } }

export class InstallLinkError extends Error {
  constructor(readonly problem: InstallLinkProblem) {
    super(describeProblem(problem))
    this.name = 'InstallLinkError'
  }
}

function describeProblem(problem: InstallLinkProblem): string {
  switch (problem.code) {
    case 'tooLong':
      return `the link is ${problem.params.length} characters long, over the limit of ${problem.params.max}`
    case 'notInstallLink':
      return `not an install link: expected ${INSTALL_LINK_PROTOCOL}://install?servers=…`
    case 'missingServers':
      return 'the link has no "servers" parameter'
    case 'badName':
      return 'the "name" parameter is empty or longer than 200 characters'
    case 'badBase64':
      return 'the "servers" parameter is not base64url'
    case 'invalidJson':
      return `the "servers" parameter is not JSON: ${problem.params.detail}`
    case 'nameWithMap':
      return 'with "name", "servers" must be one server\'s entry, not a map of servers'
    case 'badServers':
      return new McpConfigError(problem.issues).message
    case 'noServers':
      return 'the link names no servers'
    case 'tooManyServers':
      return `the link names ${problem.params.count} servers, more than ${problem.params.max}`
    case 'builtinNotAllowed':
      return `server "${problem.params.server}" is a built-in (type inMemory), which a link cannot add`
  }
}

const BASE64 = /^[A-Za-z0-9_\-+/]*={0,2}$/

const LinkParamsSchema = z.object({
  servers: z.string().min(1),
  name: z.string().trim().min(1).max(200).optional()
})

/** base64url (or plain base64) → UTF-8 text; undefined when it is neither. */
function decodeBase64(text: string): string | undefined {
  if (!BASE64.test(text) || text.replace(/=+$/, '').length % 4 === 1) return undefined
  const plain = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  try {
    const binary = atob(plain + '='.repeat((4 - (plain.length % 4)) % 4))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** UTF-8 text → base64url without padding: how a link carries its JSON. */
export function encodeBase64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join('')
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The link that proposes these servers: an `mcpServers` JSON, or one entry with its name. */
export function buildInstallLink(config: unknown, name?: string): string {
  const params = new URLSearchParams()
  if (name !== undefined) params.set('name', name)
  params.set('servers', encodeBase64Url(JSON.stringify(config)))
  return `${INSTALL_LINK_PROTOCOL}://install?${params.toString()}`
}

/**
 * The servers (and the VS Code `inputs` they use) a link proposes, validated by the config
 * importer; each as `installSource: 'deeplink'`, switched off. Throws InstallLinkError saying
 * what is wrong; nothing about a bad link is ever half-accepted.
 */
export function parseInstallLink(link: string): ParsedConfigFile {
  if (link.length > INSTALL_LINK_MAX_LENGTH) {
    throw new InstallLinkError({ code: 'tooLong', params: { length: String(link.length), max: String(INSTALL_LINK_MAX_LENGTH) } })
  }
  let url: URL
  try {
    url = new URL(link.trim())
  } catch {
    throw new InstallLinkError({ code: 'notInstallLink' })
  }
  // `mcpstudio://install?…` puts "install" in the host; `mcpstudio:install?…` in the path
  const target = (url.host || url.pathname).replace(/\/+$/, '').replace(/^\/+/, '')
  if (url.protocol !== `${INSTALL_LINK_PROTOCOL}:` || target.toLowerCase() !== 'install') {
    throw new InstallLinkError({ code: 'notInstallLink' })
  }
  const params = LinkParamsSchema.safeParse({
    servers: url.searchParams.get('servers') ?? undefined,
    name: url.searchParams.get('name') ?? undefined
  })
  if (!params.success) {
    throw new InstallLinkError({ code: params.error.issues[0].path[0] === 'name' ? 'badName' : 'missingServers' })
  }
  // a query string turns a plain-base64 "+" into a space; base64 never holds one
  const json = decodeBase64(params.data.servers.replace(/ /g, '+'))
  if (json === undefined) throw new InstallLinkError({ code: 'badBase64' })
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch (error) {
    throw new InstallLinkError({ code: 'invalidJson', params: { detail: (error as Error).message } })
  }
  const name = params.data.name
  if (name !== undefined) {
    if (typeof data === 'object' && data !== null && ('mcpServers' in data || 'servers' in data)) {
      throw new InstallLinkError({ code: 'nameWithMap' })
    }
    // the link's name wins over one the entry carries
    data = { mcpServers: { [name]: typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data, name } : data } }
  }
  let parsed: ParsedConfigFile
  try {
    parsed = parseMcpConfigFile(data)
  } catch (error) {
    if (error instanceof McpConfigError) throw new InstallLinkError({ code: 'badServers', issues: error.issues })
    throw error
  }
  if (parsed.servers.length === 0) throw new InstallLinkError({ code: 'noServers' })
  if (parsed.servers.length > INSTALL_LINK_MAX_SERVERS) {
    throw new InstallLinkError({ code: 'tooManyServers', params: { count: String(parsed.servers.length), max: String(INSTALL_LINK_MAX_SERVERS) } })
  }
  // a built-in runs in the app's own process with no approval: only the app's catalogue adds one
  const builtin = parsed.servers.find((server) => server.type === 'inMemory')
  if (builtin) throw new InstallLinkError({ code: 'builtinNotAllowed', params: { server: builtin.name } })
  return {
    inputs: parsed.inputs,
    // never started by the link: the user switches a server on, and approves its command then
    servers: parsed.servers.map((server) => ({ ...server, isActive: false, installSource: 'deeplink' as const }))
  }
}
