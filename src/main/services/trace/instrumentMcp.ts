import type { Attributes } from '@opentelemetry/api'
import { redactSensitive } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import type { McpServer } from '@shared/mcp/server'
import { TRACE_ATTR } from '@shared/trace/spans'
import type { McpEventBus } from '../mcp/events'
import type { MCPService } from '../mcp/MCPService'
import type { ServerLogs } from '../mcp/serverLogs'
import { urlWithoutQuery, type SignInSteps } from '../mcp/oauth/signInSteps'
import { jsonAttribute, payloadWeight, resultAttributes, serverAttributes } from './attributes'
import type { LazySpan } from './LazySpan'
import { watchServerEvents } from './serverEvents'
import type { Tracing } from './Tracing'

/** The operations that become spans, by the suffix their span is named with. */
type Traced = Pick<MCPService, 'listTools' | 'callTool' | 'listPrompts' | 'getPrompt' | 'listResources' | 'listResourceTemplates' | 'getResource' | 'abortTool'>

/** Spans still running, per server (for its log lines and requests) and per call id (for progress). */
export class ActiveSpans {
  readonly byServer = new Map<string, Set<LazySpan>>()
  readonly byCall = new Map<string, LazySpan>()

  /** The newest running span of a server: where its log lines and requests belong. */
  newest(serverId: string): LazySpan | undefined {
    const spans = this.byServer.get(serverId)
    return spans ? [...spans].at(-1) : undefined
  }

  add(serverId: string, span: LazySpan, callId?: string): () => void {
    let spans = this.byServer.get(serverId)
    if (!spans) this.byServer.set(serverId, (spans = new Set()))
    spans.add(span)
    if (callId) this.byCall.set(callId, span)
    return () => {
      spans.delete(span)
      if (!spans.size) this.byServer.delete(serverId)
      if (callId && this.byCall.get(callId) === span) this.byCall.delete(callId)
    }
  }
}

/** What a tool's arguments were, as JSON: the renderer may send them as a JSON string. */
function argsValue(args: unknown): unknown {
  if (typeof args !== 'string') return args ?? {}
  try {
    return args.trim() ? JSON.parse(args) : {}
  } catch {
    return args
  }
}

/**
 * Every MCP operation of the host as a span (SPEC §R), by wrapping the service's public
 * operations once, where it is built; and the connect, which the service wraps itself with
 * `connect` (it is private there). Events on the bus (progress, requests from the server) and
 * the server's log lines as they are written become events of the span they happened in.
 */
export function instrumentMcp(service: Traced, bus: McpEventBus, logs: Pick<ServerLogs, 'watch'>, tracing: Tracing) {
  const active = new ActiveSpans()
  logs.watch(watchServerEvents(bus, active))

  /** One operation of one server as a span, registered as running while it runs. */
  const run = <T>(server: McpServer, what: string, attributes: Attributes, fn: (span: LazySpan) => Promise<T>, callId?: string) => {
    let done: (() => void) | undefined
    return tracing.withSpan(
      `${server.name}.${what}`,
      Object.assign(serverAttributes(server), attributes),
      server.id,
      (span) => {
        done = active.add(server.id, span, callId)
        return fn(span)
      },
      () => done?.()
    )
  }

  const original = { ...pick(service) }
  const list =
    <K extends 'listTools' | 'listPrompts' | 'listResources' | 'listResourceTemplates'>(key: K, what: string): Traced[K] =>
    ((server: McpServer, ...rest: unknown[]) =>
      run(server, what, { [TRACE_ATTR.operation]: what }, async (span) => {
        const items = await (original[key] as (...args: unknown[]) => Promise<unknown[]>)(server, ...rest)
        span.setAttribute('mcp.response.count', items.length)
        return items
      })) as Traced[K]
  service.listTools = list('listTools', 'ListTools')
  service.listPrompts = list('listPrompts', 'ListPrompts')
  service.listResources = list('listResources', 'ListResources')
  service.listResourceTemplates = list('listResourceTemplates', 'ListResourceTemplates')

  service.callTool = (args, options) => {
    const attributes: Attributes = { [TRACE_ATTR.operation]: 'tools/call', [TRACE_ATTR.tool]: args.name }
    if (args.callId) attributes[TRACE_ATTR.callId] = args.callId
    return run(
      args.server,
      args.name,
      attributes,
      (span) => {
        // the redacted JSON is made only once the span is built, after the caller has its answer
        span.later(() => span.setAttributes({ [TRACE_ATTR.args]: jsonAttribute(argsValue(args.args), tracing.secrets()) }), payloadWeight(args.args))
        return original.callTool(args, options).then((result) => {
          span.later(() => span.setAttributes(resultAttributes(result, tracing.secrets())), payloadWeight(result))
          if (result.isError) {
            const text = result.content.find((item) => item.type === 'text')
            span.fail(new Error(text?.type === 'text' ? text.text : 'the tool reported an error'))
          }
          return result
        })
      },
      args.callId
    )
  }

  service.getPrompt = (args) =>
    run(args.server, `GetPrompt ${args.name}`, { [TRACE_ATTR.operation]: 'prompts/get', [TRACE_ATTR.prompt]: args.name }, async (span) => {
      span.later(() => span.setAttribute(TRACE_ATTR.args, jsonAttribute(args.args ?? {}, tracing.secrets())), payloadWeight(args.args))
      const result = await original.getPrompt(args)
      span.setAttribute('mcp.response.count', result.messages.length)
      span.later(() => span.setAttribute(TRACE_ATTR.result, jsonAttribute(result, tracing.secrets())), payloadWeight(result))
      return result
    })

  service.getResource = (args) =>
    run(args.server, 'ReadResource', { [TRACE_ATTR.operation]: 'resources/read', [TRACE_ATTR.uri]: args.uri }, async (span) => {
      const result = await original.getResource(args)
      span.setAttribute('mcp.response.count', result.contents.length)
      span.later(() => span.setAttribute(TRACE_ATTR.result, jsonAttribute(result, tracing.secrets())), payloadWeight(result))
      return result
    })

  service.abortTool = (callId) => {
    const span = active.byCall.get(callId)
    const aborted = original.abortTool(callId)
    if (span && aborted) span.addEvent('cancel', { reason: 'cancelled by the user' })
    return aborted
  }

  /** the running sign-in of each server: where its steps go (else on the connect doing it) */
  const signIns = new Map<string, LazySpan>()
  const signIn: SignInSteps = {
    signIn: (server, fn) => {
      const attributes: Attributes = { [TRACE_ATTR.operation]: 'signIn' }
      if (server.baseUrl) attributes['mcp.server.url'] = urlWithoutQuery(server.baseUrl)
      return run(server, 'signIn', attributes, async (span) => {
        signIns.set(server.id, span)
        try {
          return await fn()
        } finally {
          if (signIns.get(server.id) === span) signIns.delete(server.id)
        }
      })
    },
    step: (server, name, attributes = {}) => {
      // a connect that signs in on its own (the CLI's interactive runs) keeps the steps on itself
      const span = signIns.get(server.id) ?? active.newest(server.id)
      if (span) span.addEvent(`oauth.${name}`, attributes)
    }
  }

  return {
    /** The OAuth side's hook: the user's sign-in as `{server}.signIn`, its steps as events. */
    signIn,
    /** A connect as a span: a child of the operation that needed it, with its transport steps as events. */
    connect<T>(server: McpServer, fn: () => Promise<T>): Promise<T> {
      const secrets = serverSecretValues(server)
      const attributes: Attributes = { [TRACE_ATTR.operation]: 'connect' }
      if (server.baseUrl) attributes['mcp.server.url'] = redactSensitive(server.baseUrl, { secrets })
      if (server.headers) attributes['mcp.server.headers'] = jsonAttribute(server.headers, secrets)
      if (server.command) attributes['mcp.server.command'] = redactSensitive([server.command, ...(server.args ?? [])].join(' '), { secrets })
      return run(server, 'connect', attributes, () => fn())
    }
  }
}

function pick(service: Traced): Traced {
  return {
    listTools: service.listTools.bind(service),
    callTool: service.callTool.bind(service),
    listPrompts: service.listPrompts.bind(service),
    getPrompt: service.getPrompt.bind(service),
    listResources: service.listResources.bind(service),
    listResourceTemplates: service.listResourceTemplates.bind(service),
    getResource: service.getResource.bind(service),
    abortTool: service.abortTool.bind(service)
  }
}

export type McpInstrumentation = ReturnType<typeof instrumentMcp>
