import { SpanKind, SpanStatusCode, type Attributes, type Span } from '@opentelemetry/api'
import { GEN_AI_ATTR } from '@shared/trace/spans'
import type { ChatStepOutcome, ChatStepSpan, ChatTracer, ChatTurnInfo, ChatTurnOutcome, ChatTurnSpan } from '../chat/chatTracing'
import type { OperationTrace } from '../mcp/operationTrace'
import { errorAttributes } from './attributes'
import type { Tracing } from './Tracing'

/** GenAI's names for the providers it knows, by the AI SDK's provider id without its API. */
const GEN_AI_PROVIDER: Record<string, string> = { anthropic: 'anthropic', google: 'gcp.gemini' }

/** The AI SDK's provider id without its API (`openai-compatible.chat` → `openai-compatible`), GenAI's name where it has one. */
const providerName = (provider: string) => {
  const base = provider.split('.')[0] || provider
  return GEN_AI_PROVIDER[base] ?? base
}

/** The endpoint's host and port (GenAI's `server.*`): never its path or query, which may hold a key. */
function serverAttributes(baseUrl: string): Attributes {
  try {
    const url = new URL(baseUrl)
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
    return { 'server.address': url.hostname, 'server.port': port }
  } catch {
    return {}
  }
}

function totals(outcome: ChatTurnOutcome): Attributes {
  const out: Attributes = { [GEN_AI_ATTR.steps]: outcome.steps, [GEN_AI_ATTR.toolCalls]: outcome.toolCalls }
  if (outcome.inputTokens !== undefined) out[GEN_AI_ATTR.inputTokens] = outcome.inputTokens
  if (outcome.outputTokens !== undefined) out[GEN_AI_ATTR.outputTokens] = outcome.outputTokens
  if (outcome.stepLimitReached) out[GEN_AI_ATTR.stepLimitReached] = true
  return out
}

/** A span as the MCP side takes a parent: the tool calls of a step go beneath it. */
function operationTrace(span: Span): OperationTrace {
  const { traceId, spanId } = span.spanContext()
  return {
    traceId,
    spanId,
    traceparent: () => `00-${traceId}-${spanId}-01`,
    addEvent: (name, attributes) => void span.addEvent(name, attributes, performance.now())
  }
}

/**
 * A chat turn as one trace in the host's tracing: `chat turn {model}` (GenAI's `invoke_agent`),
 * beneath it a `chat {model}` span per model request (GenAI's `chat`: provider, models, usage,
 * finish reasons), and beneath each step the MCP tool calls it asked for. Built at once, a few
 * per turn; nothing of what was said is recorded, only counts and sizes.
 */
export function chatTracer(tracing: Tracing): ChatTracer {
  return {
    turn(info: ChatTurnInfo): ChatTurnSpan | undefined {
      if (!tracing.recording) return undefined
      const provider = providerName(info.provider)
      const common: Attributes = {
        [GEN_AI_ATTR.provider]: provider,
        [GEN_AI_ATTR.system]: provider,
        [GEN_AI_ATTR.requestModel]: info.model,
        ...serverAttributes(info.baseUrl)
      }
      const rootAttributes: Attributes = {
        ...common,
        [GEN_AI_ATTR.operation]: 'invoke_agent',
        [GEN_AI_ATTR.agentName]: 'MCP Studio',
        [GEN_AI_ATTR.messages]: info.messages,
        [GEN_AI_ATTR.tools]: info.tools
      }
      if (info.conversationId) rootAttributes[GEN_AI_ATTR.conversationId] = info.conversationId
      const root = tracing.startSpan(`chat turn ${info.model}`, rootAttributes)
      const rootParent = root.spanContext()
      const secrets = () => [...tracing.secrets(), ...(info.secrets?.() ?? [])]
      const fail = (span: Span, error: unknown) => {
        const { message, attributes } = errorAttributes(error, secrets())
        span.setAttributes(attributes)
        span.setStatus({ code: SpanStatusCode.ERROR, message })
      }
      let ended = false
      const endRoot = (attributes: Attributes, error?: unknown) => {
        if (ended) return
        ended = true
        root.setAttributes(attributes)
        if (error === undefined) root.setStatus({ code: SpanStatusCode.OK })
        else fail(root, error)
        root.end(performance.now())
      }
      return {
        traceId: rootParent.traceId,
        step(step): ChatStepSpan {
          const span = tracing.startSpan(
            `chat ${info.model}`,
            { ...common, [GEN_AI_ATTR.operation]: 'chat', [GEN_AI_ATTR.step]: step.number, [GEN_AI_ATTR.messages]: step.messages },
            rootParent,
            SpanKind.CLIENT
          )
          let done = false
          return {
            trace: operationTrace(span),
            end(outcome: ChatStepOutcome) {
              if (done) return
              done = true
              const attributes: Attributes = {
                [GEN_AI_ATTR.finishReasons]: [outcome.finishReason],
                [GEN_AI_ATTR.textLength]: outcome.textLength,
                [GEN_AI_ATTR.toolCalls]: outcome.toolCalls
              }
              if (outcome.responseModel) attributes[GEN_AI_ATTR.responseModel] = outcome.responseModel
              if (outcome.responseId) attributes[GEN_AI_ATTR.responseId] = outcome.responseId
              if (outcome.inputTokens !== undefined) attributes[GEN_AI_ATTR.inputTokens] = outcome.inputTokens
              if (outcome.outputTokens !== undefined) attributes[GEN_AI_ATTR.outputTokens] = outcome.outputTokens
              span.setAttributes(attributes)
              span.setStatus({ code: SpanStatusCode.OK })
              span.end(performance.now())
            },
            fail(error: unknown) {
              if (done) return
              done = true
              fail(span, error)
              span.end(performance.now())
            }
          }
        },
        end: (outcome) => endRoot(totals(outcome)),
        fail: (error, outcome) => endRoot(outcome.stopped ? { ...totals(outcome), [GEN_AI_ATTR.stopped]: true } : totals(outcome), error)
      }
    }
  }
}
