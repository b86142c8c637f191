import type { McpOAuthConfig, McpServer } from './server'
import { redactUrl } from './urlSecrets'

type Pairs = ReadonlyArray<readonly [string, string]>

/**
 * What a server runs, and nothing else: the one answer to "is this the same server?". The
 * connection's identity, the target the user approves and whether an edit needs a restart all
 * derive from it. Names, descriptions, logos, tags, order, per-tool switches, roots (sent live)
 * and the call timeout (read at each call) are not part of it.
 */
export type LaunchSpec =
  | {
      readonly kind: 'stdio'
      readonly command: string
      readonly args: readonly string[]
      /** sorted by name; values included, so a new value starts a new process */
      readonly env: Pairs
      readonly cwd?: string
      /** the package registry npx, bunx or uvx are pointed at */
      readonly packageRegistry?: string
      /** an installed extension: its version and settings end up in its command line and env */
      readonly extension?: { readonly version?: string; readonly settings: ReadonlyArray<readonly [string, unknown]> }
    }
  | {
      readonly kind: 'http'
      /** `auto`: no type given, Streamable HTTP first, SSE on a 4xx */
      readonly transport: 'streamableHttp' | 'sse' | 'auto'
      readonly url: string
      readonly headers: Pairs
      readonly oauth?: McpOAuthConfig
    }
  | {
      readonly kind: 'inMemory'
      /** which server of the app's own runs (built-ins are matched by name) */
      readonly name: string
      readonly args: readonly string[]
      readonly env: Pairs
    }
  /** neither a command nor a URL: nothing can start (the connect says so) */
  | { readonly kind: 'none' }

const byName = ([a]: readonly [string, unknown], [b]: readonly [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0)
const sorted = <T>(record: Record<string, T> | undefined): Array<[string, T]> => (record ? Object.entries(record).sort(byName) : [])

export function launchSpec(server: McpServer): LaunchSpec {
  if (server.type === 'inMemory') return { kind: 'inMemory', name: server.name, args: server.args ?? [], env: sorted(server.env) }
  if (server.type === 'stdio') {
    if (!server.command) return { kind: 'none' }
    return {
      kind: 'stdio',
      command: server.command,
      args: server.args ?? [],
      env: sorted(server.env),
      ...(server.cwd ? { cwd: server.cwd } : {}),
      ...(server.registryUrl ? { packageRegistry: server.registryUrl } : {}),
      ...(server.dxtPath || server.userConfig ? { extension: { version: server.dxtVersion, settings: sorted(server.userConfig) } } : {})
    }
  }
  if (server.baseUrl) {
    return {
      kind: 'http',
      transport: server.type === 'httpAuto' ? 'auto' : server.type,
      url: server.baseUrl,
      headers: sorted(server.headers),
      ...(server.oauth ? { oauth: server.oauth } : {})
    }
  }
  return { kind: 'none' }
}

/**
 * The identity of a connection: two definitions with the same key share one client, and an edit
 * that changes it restarts the server. Every call computes it, so it is one JSON.stringify.
 */
export function launchKey(server: McpServer): string {
  return JSON.stringify([server.id, launchSpec(server)])
}

/** Does going from `before` to `after` need the running server restarted? */
export function needsRestart(before: McpServer, after: McpServer): boolean {
  return launchKey(before) !== launchKey(after)
}

/**
 * What the user approves, from the launch spec: the full command line with the names (never the
 * values) of the variables it gets and the folder it runs in, or the URL with its secret-looking
 * query values hidden (kept with the approval, shown in dialogs). Any change to one of these asks
 * again; a new env, header or query key value alone does not.
 */
export function approvalTarget(server: McpServer): string {
  const spec = launchSpec(server)
  switch (spec.kind) {
    case 'stdio': {
      const lines = [[spec.command, ...spec.args].join(' ')]
      if (spec.env.length) lines.push(`env: ${spec.env.map(([name]) => name).join(', ')}`)
      if (spec.cwd) lines.push(`cwd: ${spec.cwd}`)
      return lines.join('\n')
    }
    case 'http':
      return redactUrl(spec.url)
    case 'inMemory':
    case 'none':
      return ''
  }
}

/** Servers that run nothing on this machine and so need no approval: the app's in-process servers. */
export function runsNothing(server: McpServer): boolean {
  return server.type === 'inMemory'
}
