import type { Attributes } from '@opentelemetry/api'
import { redactSensitive } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import type { McpServer } from '@shared/mcp/server'
import { TRACE_ATTR } from '@shared/trace/spans'
import type { McpEventBus } from '../mcp/events'
import type { MCPService } from '../mcp/MCPService'
import type { ConnectTrace } from '../mcp/operationTrace'
import type { ServerLogs } from '../mcp/serverLogs'
import { urlWithoutQuery, type SignInSteps } from '../mcp/oauth/signInSteps'
import { jsonAttribute, resultAttributes } from './attributes'
import { TOOL_CALL, type LazySpan } from './LazySpan'
import { watchServerEvents } from './serverEvents'
import type { Tracing } from './Tracing'

/** The operations that become spans, by the suffix their span is named with. */
type Traced = Pick<MCPService, 'listTools' | 'callTool' | 'listPrompts' | 'getPrompt' | 'listResources' | 'listResourceTemplates' | 'getResource' | 'abortTool'>

const counted = (span: LazySpan, items: unknown[]) => span.setAttribute('mcp.response.count', items.length)
const describeArgs = (span: LazySpan, args: unknown) => span.setAttribute(TRACE_ATTR.args, jsonAttribute(args, span.secrets()))
const describeCallArgs = (span: LazySpan, args: unknown) => describeArgs(span, argsValue(args))
const describeResult = (span: LazySpan, result: unknown) => span.setAttribute(TRACE_ATTR.result, jsonAttribute(result, span.secrets()))
const describeToolResult = (span: LazySpan, result: unknown) => span.setAttributes(resultAttributes(result, span.secrets()))

/** A tool's result: described later; an error result marks the span failed at once. */
function toolResult(span: LazySpan, result: Awaited<ReturnType<Traced['callTool']>>): void {
  span.later(describeToolResult, result)
  if (!result.isError) return
  const text = result.content.find((item) => item.type === 'text')
  span.fail(new Error(text?.type === 'text' ? text.text : 'the tool reported an error'))
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
 * Every MCP operation of the host as a span, by wrapping the service's public
 * operations once, where it is built; and the connect, which the service wraps itself with
 * `connect` (it is private there). Events on the bus (progress, requests from the server) and
 * the server's log lines as they are written become events of the span they happened in.
 */
export function instrumentMcp(service: Traced, bus: McpEventBus, logs: Pick<ServerLogs, 'watch'>, tracing: Tracing) {
  const running = tracing.running
  logs.watch(watchServerEvents(bus, running))

  const original = { ...pick(service) }
  const list =
    <K extends 'listTools' | 'listPrompts' | 'listResources' | 'listResourceTemplates'>(key: K, what: string): Traced[K] =>
    ((server: McpServer, ...rest: unknown[]) => {
      const call = () => (original[key] as (...args: unknown[]) => Promise<unknown[]>)(server, ...rest)
      return tracing.recording ? tracing.withSpan(server, what, what, undefined, call, counted) : call()
    }) as Traced[K]
  service.listTools = list('listTools', 'ListTools')
  service.listPrompts = list('listPrompts', 'ListPrompts')
  service.listResources = list('listResources', 'ListResources')
  service.listResourceTemplates = list('listResourceTemplates', 'ListResourceTemplates')

  // paused recording (the Trace window's Pause): each operation runs as if untraced
  service.callTool = (args, options) => {
    if (!tracing.recording) return original.callTool(args, options)
    // its tool and call id are fields of the span, its attributes only once it is built
    const span = tracing.begin(args.server, args.name, TOOL_CALL, undefined, undefined, args.callId || undefined)
    // the redacted JSON is made only once the span is built, after the caller has its answer
    span.later(describeCallArgs, args.args)
    // the span goes down with the call: its traceparent to the server, its trace to the Logs tab
    return tracing.finish(span, original.callTool(args, options, span), toolResult)
  }

  service.getPrompt = (args) => {
    if (!tracing.recording) return original.getPrompt(args)
    return tracing.withSpan(
      args.server,
      `GetPrompt ${args.name}`,
      'prompts/get',
      { [TRACE_ATTR.prompt]: args.name },
      (span) => {
        span.later(describeArgs, args.args ?? {})
        return original.getPrompt(args)
      },
      (span, result) => {
        span.setAttribute('mcp.response.count', result.messages.length)
        span.later(describeResult, result)
      }
    )
  }

  service.getResource = (args) => {
    if (!tracing.recording) return original.getResource(args)
    return tracing.withSpan(
      args.server,
      'ReadResource',
      'resources/read',
      { [TRACE_ATTR.uri]: args.uri },
      () => original.getResource(args),
      (span, result) => {
        span.setAttribute('mcp.response.count', result.contents.length)
        span.later(describeResult, result)
      }
    )
  }

  service.abortTool = (callId) => {
    const span = running.call(callId)
    const aborted = original.abortTool(callId)
    if (span && aborted) span.addEvent('cancel', { reason: 'cancelled by the user' })
    return aborted
  }

  /** the running sign-in of each server: where its steps go (else on the connect doing it) */
  const signIns = new Map<string, LazySpan>()
  const signIn: SignInSteps = {
    signIn: (server, fn) => {
      if (!tracing.recording) return fn()
      const attributes: Attributes = {}
      if (server.baseUrl) attributes['mcp.server.url'] = urlWithoutQuery(server.baseUrl)
      return tracing.withSpan(server, 'signIn', 'signIn', attributes, async (span) => {
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
      const span = signIns.get(server.id) ?? running.newest(server.id)
      if (span) span.addEvent(`oauth.${name}`, attributes)
    }
  }

  return {
    /** The OAuth side's hook: the user's sign-in as `{server}.signIn`, its steps as events. */
    signIn,
    /** A connect as a span: a child of the operation that needed it, with its transport steps as events. */
    connect<T>(server: McpServer, fn: (trace: ConnectTrace | undefined) => Promise<T>): Promise<T> {
      if (!tracing.recording) return fn(undefined)
      const secrets = serverSecretValues(server)
      const attributes: Attributes = {}
      if (server.baseUrl) attributes['mcp.server.url'] = redactSensitive(server.baseUrl, { secrets })
      if (server.headers) attributes['mcp.server.headers'] = jsonAttribute(server.headers, secrets)
      if (server.command) attributes['mcp.server.command'] = redactSensitive([server.command, ...(server.args ?? [])].join(' '), { secrets })
      // its parent: the operation that needed it, the newest running on the server (it waits for
      // this connect; a sign-in runs its connect too)
      const parent = running.newest(server.id)
      return tracing.withSpan(
        server,
        'connect',
        'connect',
        attributes,
        (span) =>
          fn({
            step: (name, stepAttributes) => span.addEvent(name, stepAttributes),
            // its requests carry its trace while it runs; later ones the operation running then
            traceparent: () => (span.ended ? running.newest(server.id) : span)?.traceparent()
          }),
        undefined,
        parent
      )
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
