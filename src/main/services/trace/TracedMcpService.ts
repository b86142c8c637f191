import type { Attributes } from '@opentelemetry/api'
import type { McpConnectionInfo, McpTool } from '@shared/ipc/contract'
import { redactSensitive } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import { isHttp, type McpServer } from '@shared/mcp/server'
import { TRACE_ATTR } from '@shared/trace/spans'
import type { McpHost } from '../mcp/mcpHost'
import { connectivityOf, type MCPService } from '../mcp/MCPService'
import type { CallToolArgs, GetPromptArgs, ResourceArgs } from '../mcp/mcpServiceOptions'
import type { ConnectTrace, McpObserver, OperationTrace } from '../mcp/operationTrace'
import { urlWithoutQuery } from '../mcp/oauth/signInSteps'
import type { CallOptions } from '../mcp/toolCalls'
import { jsonAttribute, resultAttributes } from './attributes'
import { TOOL_CALL, type LazySpan } from './LazySpan'
import { logLineEvents, watchServerEvents } from './serverEvents'
import type { Tracing } from './Tracing'

type CallResult = Awaited<ReturnType<MCPService['callTool']>>
type PromptResult = Awaited<ReturnType<MCPService['getPrompt']>>
type ResourceResult = Awaited<ReturnType<MCPService['getResource']>>

const SIGN_IN = 'signIn'

// what describes a span, as plain functions: a traced call makes no closure of its own
const counted = (span: LazySpan, items: unknown[]) => span.setAttribute('mcp.response.count', items.length)
const describeArgs = (span: LazySpan, args: unknown) => span.setAttribute(TRACE_ATTR.args, jsonAttribute(args, span.secrets()))
const describeCallArgs = (span: LazySpan, args: unknown) => describeArgs(span, argsValue(args))
const describeResult = (span: LazySpan, result: unknown) => span.setAttribute(TRACE_ATTR.result, jsonAttribute(result, span.secrets()))
const describeToolResult = (span: LazySpan, result: unknown) => span.setAttributes(resultAttributes(result, span.secrets()))

/** A tool's result: described later; an error result marks the span failed at once. */
function toolResult(span: LazySpan, result: CallResult): void {
  span.later(describeToolResult, result)
  if (!result.isError) return
  const text = result.content.find((item) => item.type === 'text')
  span.fail(new Error(text?.type === 'text' ? text.text : 'the tool reported an error'))
}

function promptResult(span: LazySpan, result: PromptResult): void {
  span.setAttribute('mcp.response.count', result.messages.length)
  span.later(describeResult, result)
}

function resourceResult(span: LazySpan, result: ResourceResult): void {
  span.setAttribute('mcp.response.count', result.contents.length)
  span.later(describeResult, result)
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
 * Tracing's view of what the service does on its own, given to `MCPService` at construction:
 * a connect as a span (the child of the operation that needed it, its transport steps as
 * events), a sign-in's steps as events of the sign-in, and log lines as events of the span
 * running when they were written.
 */
export function mcpObserver(tracing: Tracing): McpObserver {
  const running = tracing.running
  return {
    connect<T>(server: McpServer, fn: (trace: ConnectTrace | undefined) => Promise<T>): Promise<T> {
      if (!tracing.recording) return fn(undefined)
      const secrets = serverSecretValues(server)
      const attributes: Attributes = {}
      if (isHttp(server)) attributes['mcp.server.url'] = redactSensitive(server.baseUrl, { secrets })
      if (isHttp(server) && server.headers) attributes['mcp.server.headers'] = jsonAttribute(server.headers, secrets)
      if (server.type === 'stdio' && server.command) attributes['mcp.server.command'] = redactSensitive([server.command, ...(server.args ?? [])].join(' '), { secrets })
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
    },
    signInSteps: {
      step: (server, name, attributes = {}) => {
        // on the user's sign-in; a connect that signs in on its own (the CLI's interactive runs) keeps them
        const span = running.newestOf(server.id, SIGN_IN) ?? running.newest(server.id)
        if (span) span.addEvent(`oauth.${name}`, attributes)
      }
    },
    logLine: logLineEvents(running)
  }
}

/** The members tracing leaves as they are: passed through, bound once. */
const UNTRACED = [
  'events',
  'secrets',
  'oauth',
  'initClient',
  'stateOf',
  'states',
  'noteRetry',
  'pidOf',
  'subscribeResource',
  'unsubscribeResource',
  'complete',
  'setLogLevel',
  'sessionOf',
  'updateRoots',
  'respondElicitation',
  'respondSampling',
  'pendingRequests',
  'stopServer',
  'restartServer',
  'removeServer',
  'getServerLogs',
  'getMessages',
  'clearMessages',
  'closeAll'
] as const satisfies ReadonlyArray<keyof McpHost>

// The passed-through members, typed as the service's: a public member added to the service and
// listed nowhere here makes `implements McpHost` fail, so none is forgotten.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface TracedMcpService extends Pick<McpHost, (typeof UNTRACED)[number]> {}

/**
 * The service with every operation a span, composed where the host is built (`assembleHost`,
 * the CLI): list tools, prompts, resources and templates, call a tool, get a prompt, read a
 * resource, cancel a call, sign in, check connectivity. Paused (the Trace window's Pause), each
 * runs as if there were no tracing. The service's own work (connects, sign-in steps, log lines)
 * is seen through `mcpObserver`, which the service must be built with. Server events on the bus
 * (progress, requests from the server) become events of the span they happened in.
 * The service's operations are async (they never throw before returning their promise), so each
 * is `begin` and `finish` around the call: no closure per call, unlike `withSpan`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class TracedMcpService implements McpHost {
  constructor(
    private readonly service: MCPService,
    private readonly tracing: Tracing
  ) {
    const self = this as unknown as Record<string, unknown>
    for (const key of UNTRACED) {
      const member: unknown = service[key]
      self[key] = typeof member === 'function' ? member.bind(service) : member
    }
    watchServerEvents(service.events, tracing.running)
  }

  listTools(server: McpServer, options?: { refresh?: boolean }): Promise<McpTool[]> {
    const tracing = this.tracing
    if (!tracing.recording) return this.service.listTools(server, options)
    return tracing.finish(tracing.begin(server, 'ListTools', 'ListTools'), this.service.listTools(server, options), counted)
  }

  listPrompts(server: McpServer): ReturnType<MCPService['listPrompts']> {
    const tracing = this.tracing
    if (!tracing.recording) return this.service.listPrompts(server)
    return tracing.finish(tracing.begin(server, 'ListPrompts', 'ListPrompts'), this.service.listPrompts(server), counted)
  }

  listResources(server: McpServer): ReturnType<MCPService['listResources']> {
    const tracing = this.tracing
    if (!tracing.recording) return this.service.listResources(server)
    return tracing.finish(tracing.begin(server, 'ListResources', 'ListResources'), this.service.listResources(server), counted)
  }

  listResourceTemplates(server: McpServer): ReturnType<MCPService['listResourceTemplates']> {
    const tracing = this.tracing
    if (!tracing.recording) return this.service.listResourceTemplates(server)
    return tracing.finish(tracing.begin(server, 'ListResourceTemplates', 'ListResourceTemplates'), this.service.listResourceTemplates(server), counted)
  }

  /** `parent`: the caller's span (a chat turn's model step), else the call is a trace of its own. */
  callTool(args: CallToolArgs, options?: Omit<CallOptions, 'callId'>, parent?: OperationTrace): Promise<CallResult> {
    const tracing = this.tracing
    if (!tracing.recording) return this.service.callTool(args, options)
    // its tool and call id are fields of the span, its attributes only once it is built
    const span = tracing.begin(args.server, args.name, TOOL_CALL, undefined, parent, args.callId || undefined)
    // the redacted JSON is made only once the span is built, after the caller has its answer
    span.later(describeCallArgs, args.args)
    // the span goes down with the call: its traceparent to the server, its trace to the Logs tab
    return tracing.finish(span, this.service.callTool(args, options, span), toolResult)
  }

  getPrompt(args: GetPromptArgs): Promise<PromptResult> {
    const tracing = this.tracing
    if (!tracing.recording) return this.service.getPrompt(args)
    const span = tracing.begin(args.server, `GetPrompt ${args.name}`, 'prompts/get', { [TRACE_ATTR.prompt]: args.name })
    span.later(describeArgs, args.args ?? {})
    return tracing.finish(span, this.service.getPrompt(args), promptResult)
  }

  getResource(args: ResourceArgs): Promise<ResourceResult> {
    const tracing = this.tracing
    if (!tracing.recording) return this.service.getResource(args)
    const span = tracing.begin(args.server, 'ReadResource', 'resources/read', { [TRACE_ATTR.uri]: args.uri })
    return tracing.finish(span, this.service.getResource(args), resourceResult)
  }

  /** A cancel is an event of the call's span, if it still runs. */
  abortTool(callId: string): boolean {
    const span = this.tracing.running.call(callId)
    const aborted = this.service.abortTool(callId)
    if (span && aborted) span.addEvent('cancel', { reason: 'cancelled by the user' })
    return aborted
  }

  /** `{server}.signIn`: its connect is its child, the OAuth code's steps its events. */
  signIn(server: McpServer): Promise<McpConnectionInfo> {
    const tracing = this.tracing
    if (!tracing.recording) return this.service.signIn(server)
    const attributes: Attributes = {}
    if (isHttp(server)) attributes['mcp.server.url'] = urlWithoutQuery(server.baseUrl)
    return tracing.finish(tracing.begin(server, SIGN_IN, SIGN_IN, attributes), this.service.signIn(server))
  }

  /** The check's fresh tool list is a ListTools span, as any other. */
  checkMcpConnectivity(server: McpServer): ReturnType<MCPService['checkMcpConnectivity']> {
    return connectivityOf(this.listTools(server, { refresh: true }))
  }
}

/** The service as the host calls it: traced when there is tracing, else as it is. */
export function traceMcp(service: MCPService, tracing: Tracing | undefined): McpHost {
  return tracing ? new TracedMcpService(service, tracing) : service
}
