import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema
} from '@modelcontextprotocol/sdk/types.js'
import type { McpListKind } from '@shared/ipc/contract'
import { SYSLOG_LEVELS } from '@shared/mcp/logs'
import type { CacheKind } from './caches'
import type { ServerLogWriter } from './serverLogs'

export interface NotificationSink {
  /** the caches of these kinds are stale */
  dropCaches(kinds: CacheKind[]): void
  listChanged(list: McpListKind): void
  resourceUpdated(uri: string): void
  log: ServerLogWriter
}

/** What the SDK client does with each server notification. */
export function handleNotifications(client: Client, sink: NotificationSink): void {
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    sink.dropCaches(['tools'])
    sink.listChanged('tools')
  })
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
    sink.dropCaches(['prompts', 'prompt'])
    sink.listChanged('prompts')
  })
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    sink.dropCaches(['resources', 'resourceTemplates'])
    sink.listChanged('resources')
  })
  // reads are not cached, so there is nothing to drop; the renderer re-reads what it shows
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => sink.resourceUpdated(params.uri))
  // a server's own log lines go into its log, under the logger it names
  client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
    const text = typeof params.data === 'string' ? params.data : undefined
    const message = `${params.logger ? `[${params.logger}] ` : ''}${text ?? ''}`.trim() || 'log message'
    // the level as the server sent it (all eight kept apart); one outside the spec is shown as info
    sink.log(SYSLOG_LEVELS.includes(params.level) ? params.level : 'info', message, text === undefined ? params.data : undefined)
  })
}

/**
 * notifications/cancelled is handled inside the SDK (it aborts the request it names), so it is
 * watched on the transport rather than by replacing that handler: logged, and a dialog it withdraws closed.
 */
export function watchCancellations(transport: Transport, log: ServerLogWriter, withdrawn: (requestId: unknown) => void): void {
  const deliver = transport.onmessage
  transport.onmessage = (message, extra) => {
    if ('method' in message && message.method === 'notifications/cancelled') {
      const params = (message as { params?: { requestId?: unknown; reason?: string } }).params
      log('info', `cancelled its request ${String(params?.requestId)}${params?.reason ? `: ${params.reason}` : ''}`)
      withdrawn(params?.requestId)
    }
    deliver?.(message, extra)
  }
}
