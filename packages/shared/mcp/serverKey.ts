import { stringify } from 'safe-stable-stringify'
import type { McpServer } from './server'

/**
 * The identity of a connection (L1): two configs with the same key share one client. Only the
 * fields that change what is spawned or where we connect are part of it, in a stable key order.
 */
export function getServerKey(
  server: Pick<McpServer, 'id' | 'baseUrl' | 'command' | 'args' | 'registryUrl' | 'env'>
): string {
  return stringify({
    baseUrl: server.baseUrl,
    command: server.command,
    args: server.args,
    registryUrl: server.registryUrl,
    env: server.env,
    id: server.id
  }) as string
}
