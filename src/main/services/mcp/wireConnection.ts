import type { McpListKind } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { launchKey } from '@shared/mcp/launchSpec'
import type { Connection } from './connect'
import type { ServerConnection } from './connection/ServerConnection'
import type { McpEmit } from './events'
import { handleNotifications, watchCancellations } from './notifications'
import { listAllTools } from './serverLists'
import type { ServerLogWriter } from './serverLogs'
import { throttle } from './throttle'

/** list_changed notifications of one kind within this window are told to the windows once more at its end */
const LIST_CHANGED_WINDOW_MS = 200

export interface WireDeps {
  emit: McpEmit
  /** a request the server withdrew (notifications/cancelled): its dialog closes */
  withdrawn: (origin: object, rpcId: unknown) => void
}

/** A fresh connection: nothing cached from before it, its notifications wired, its tools listed once. */
export function wireConnection(deps: WireDeps, server: McpServer, owner: ServerConnection, connection: Connection, origin: object, log: ServerLogWriter): void {
  const { caches } = owner
  const key = launchKey(server)
  caches.drop(key)
  // a flood of list_changed is one re-list per burst for the window, not one per notification
  const listChanged = (list: McpListKind) =>
    throttle(() => {
      if (!connection.closed) deps.emit('list-changed', { serverId: server.id, list })
    }, LIST_CHANGED_WINDOW_MS)
  const changed = { tools: listChanged('tools'), prompts: listChanged('prompts'), resources: listChanged('resources') }
  handleNotifications(connection.client, {
    log,
    dropCaches: (kinds) => caches.drop(key, kinds),
    listChanged: (list) => changed[list].call(),
    resourceUpdated: (uri) => deps.emit('resource-updated', { serverId: server.id, uri })
  })
  watchCancellations(connection.transport, log, (rpcId) => deps.withdrawn(origin, rpcId))
  // an early tools/list_changed over Streamable HTTP can be missed; list once, into the cache
  caches
    .get('tools', key, [], () => listAllTools(connection.client, server))
    .catch((error: unknown) => log('warning', `listing tools after connecting failed: ${(error as Error).message}`))
}
