import { z } from 'zod'

/** An attribute value as OpenTelemetry allows it: a primitive or a list of one kind. */
export type TraceAttributeValue = string | number | boolean | Array<string | number | boolean | null | undefined>

/** Something that happened during a span: a progress step, a log line, a request from the server. */
export interface TraceSpanEvent {
  name: string
  /** ms since the epoch */
  time: number
  attributes: Record<string, TraceAttributeValue>
}

/**
 * One span as it leaves main: an MCP operation (connect, list, call, get) with its
 * redacted attributes and events. `end` is absent while it runs.
 */
export interface TraceSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  serverId?: string
  /** ms since the epoch, fractions kept */
  start: number
  end?: number
  status: 'running' | 'ok' | 'error'
  /** the error's message when status is error */
  error?: string
  attributes: Record<string, TraceAttributeValue>
  events: TraceSpanEvent[]
}

/** A recent operation in the list: a trace's root span with what the list filters on. */
export interface TraceSummary {
  traceId: string
  root: TraceSpan
  spanCount: number
  /** true when any span of the trace failed */
  hasError: boolean
}

export const TraceListFilterSchema = z
  .object({
    serverId: z.string().max(200).optional(),
    tool: z.string().max(500).optional(),
    errorsOnly: z.boolean().optional(),
    /** leaves out traces of routine traffic (lists, pings): what the user or a model asked for stays */
    callsOnly: z.boolean().optional(),
    /** case-insensitive, over span names, attributes and error messages */
    search: z.string().max(500).optional(),
    limit: z.number().int().min(1).max(5000).optional()
  })
  .optional()
export type TraceListFilter = z.infer<typeof TraceListFilterSchema>

/** Operations a window or the host does on its own, many times a session: hidden by "Calls only". */
export const ROUTINE_OPERATIONS: ReadonlySet<string> = new Set(['ListTools', 'ListPrompts', 'ListResources', 'ListResourceTemplates', 'ping'])

/** Spans that started or changed since the last push, in batches (`trace:spans`). */
export interface TraceSpansEvent {
  spans: TraceSpan[]
  /** set when the store was cleared: a window drops what it shows */
  cleared?: boolean
}

/** Attribute names the host sets, shared with the Trace window that shows them. */
/**
 * How long one `trace:watch` keeps main building spans as they start (else only when read):
 * a window showing spans live renews it at a third of this, and a closed one stops within it.
 */
export const TRACE_WATCH_LEASE_MS = 15_000

export const TRACE_ATTR = {
  serverId: 'mcp.server.id',
  serverName: 'mcp.server.name',
  serverType: 'mcp.server.type',
  operation: 'mcp.operation',
  tool: 'mcp.tool.name',
  args: 'mcp.request.arguments',
  result: 'mcp.response.result',
  resultSize: 'mcp.response.size',
  contentTypes: 'mcp.response.content_types',
  isError: 'mcp.response.is_error',
  callId: 'mcp.call.id',
  prompt: 'mcp.prompt.name',
  uri: 'mcp.resource.uri',
  errorMessage: 'error.message',
  errorCode: 'error.code'
} as const

/**
 * The OpenTelemetry GenAI names a chat turn's spans carry (a model step is a `chat` span), and
 * ours for what those leave out. Counts and sizes only: no prompt or answer text.
 */
export const GEN_AI_ATTR = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  system: 'gen_ai.system',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  responseId: 'gen_ai.response.id',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  messages: 'chat.request.messages',
  tools: 'chat.request.tools',
  step: 'chat.step.number',
  steps: 'chat.steps',
  toolCalls: 'chat.tool_calls',
  textLength: 'chat.response.text_length',
  stopped: 'chat.stopped',
  stepLimitReached: 'chat.step_limit_reached'
} as const
