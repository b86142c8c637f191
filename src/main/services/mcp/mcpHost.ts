import type { MCPService } from './MCPService'

/**
 * What the IPC handlers and the CLI call: the service's public members, whether it is the
 * service itself or the service as tracing decorates it (`TracedMcpService`).
 */
export type McpHost = { [K in keyof MCPService]: MCPService[K] }
