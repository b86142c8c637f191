import { McpServer as SdkServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { InMemoryServer } from '@shared/mcp/server'
import type { TraceSpan } from '@shared/trace/spans'
import { z } from 'zod'
import type { MCPServiceOptions } from '../../../src/main/services/mcp/MCPService'
import { mcpObserver, TracedMcpService } from '../../../src/main/services/trace/TracedMcpService'
import { Tracing, type TracingOptions } from '../../../src/main/services/trace/Tracing'
import { makeService } from '../services/helpers'

/**
 * A service traced into its own provider and store, as the app builds it: built with tracing's
 * observer, called through the decorator (`service`; the undecorated one is `untraced`).
 */
export function tracedService(tracingOptions: TracingOptions = {}, serviceOptions: Partial<MCPServiceOptions> & { tracing?: Tracing } = {}) {
  const { tracing = new Tracing(tracingOptions), ...options } = serviceOptions
  const made = makeService({ ...options, observer: mcpObserver(tracing), inMemoryServers: { echo: echoServer, ...options.inMemoryServers } })
  return { ...made, untraced: made.service, service: new TracedMcpService(made.service, tracing), tracing }
}

/** An in-process server with `echo`: fast enough for thousands of calls. */
export function echoServer() {
  const server = new SdkServer({ name: 'echo', version: '1.0.0' })
  server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }))
  return server
}

let serial = 0
export function inMemoryEcho(extra: Partial<InMemoryServer> = {}): InMemoryServer {
  serial++
  return { id: `echo-${serial}`, name: 'echo', type: 'inMemory', isActive: true, ...extra }
}

/** Every span of every trace in the store, newest trace first. */
export function allSpans(tracing: Tracing): TraceSpan[] {
  return tracing.store.list({ limit: 5000 }).flatMap((summary) => tracing.store.get(summary.traceId))
}

export const named = (spans: TraceSpan[], name: string) => spans.filter((span) => span.name === name)
