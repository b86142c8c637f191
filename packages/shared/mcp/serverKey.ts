import type { McpServer } from './server'

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The identity of a connection (L1): two configs with the same key share one client. Only the
 * fields that change what is spawned or where we connect are part of it, in a fixed order, env
 * sorted by name. Every call computes it, so it is one native JSON.stringify of a small array.
 */
export function getServerKey(
  server: Pick<McpServer, 'id' | 'baseUrl' | 'command' | 'args' | 'registryUrl' | 'env' | 'userConfig'>
): string {
  const env = server.env ? Object.entries(server.env).sort(byName) : null
  const key: unknown[] = [server.id, server.baseUrl ?? null, server.command ?? null, server.args ?? null, server.registryUrl ?? null, env]
  // an extension's settings end up in its command line and env when it starts: new ones, new process
  if (server.userConfig) key.push(Object.entries(server.userConfig).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return JSON.stringify(key)
}
