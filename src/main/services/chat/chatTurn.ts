import { randomUUID } from 'node:crypto'
import { stepCountIs, streamText, wrapLanguageModel, type LanguageModel, type LanguageModelUsage, type ModelMessage } from 'ai'
import { DEFAULT_MAX_STEPS, type ToolMode } from '@shared/chat/chatSettings'
import type { ProgressEvent } from '@shared/ipc/contract'
import type { McpHost } from '../mcp/mcpHost'
import { toToolSet, type ChatTool } from './chatTools'
import type { ChatStepSpan, ChatTracer } from './chatTracing'
import { providerFailure } from './providerErrors'
import { promptToolsMiddleware } from './promptTools/promptToolsMiddleware'
import { historyWithoutToolImages, withToolImages } from './toolImages'
import { toolResultContent, truncateForModel, MAX_TOOL_RESULT_CHARS, type ToolImage } from './toolResultForModel'

export { DEFAULT_MAX_STEPS }
/** What the model reads when the user said no: a result, so the conversation stays valid. */
export const DENIED_RESULT = 'the user denied this call'

/** Who decides whether a tool call runs: the user each time, always yes, or always no. */
export type ApprovalMode = 'ask' | 'all' | 'none'

export interface ChatToolCall {
  /** the model's id for this call */
  toolCallId: string
  /** the function-call id the model used */
  id: string
  server: string
  tool: string
  input: unknown
}

export type ToolCallStatus = 'ok' | 'error' | 'denied'

export interface ChatToolCallRecord extends ChatToolCall {
  status: ToolCallStatus
  /** exactly what the model was given */
  result: string
}

export type ChatEvent =
  | { type: 'text'; text: string }
  | { type: 'tool-call'; call: ChatToolCall }
  | { type: 'tool-progress'; call: ChatToolCall; progress: ProgressEvent }
  | { type: 'tool-result'; call: ChatToolCallRecord }
  | { type: 'step-limit'; steps: number }

export interface ChatTurnOptions {
  host: McpHost
  model: LanguageModel
  /** the provider, for error messages */
  provider: { baseUrl: string; model?: string }
  tools: Map<string, ChatTool>
  /** the history, ending with the user's new message */
  messages: ModelMessage[]
  system?: string
  maxSteps?: number
  approval: ApprovalMode
  /** asked before each call in `ask` mode; without it every call is denied */
  ask?: (call: ChatToolCall) => Promise<boolean>
  onEvent?: (event: ChatEvent) => void
  signal?: AbortSignal
  /** the AI SDK's retries of a failed request (429, 5xx, a dropped connection) */
  maxRetries?: number
  maxResultChars?: number
  /** the model takes images: a tool result's images go to it as image parts (else a placeholder) */
  images?: boolean
  /** `prompt`: for a model without native tool calls, the tools are described in the prompt and its calls read from its text */
  toolMode?: ToolMode
  /** the turn as one trace (when the host traces): its steps, their tool calls beneath them */
  trace?: { tracer: ChatTracer; conversationId?: string; secrets?: () => readonly string[] }
}

export interface ChatTurnResult {
  text: string
  toolCalls: ChatToolCallRecord[]
  usage: LanguageModelUsage | undefined
  steps: number
  /** the model still wanted tools when the step limit stopped it */
  stepLimitReached: boolean
  /** what the turn added to the history (assistant and tool messages) */
  responseMessages: ModelMessage[]
}

export class ChatAborted extends Error {
  constructor() {
    super('the chat turn was stopped')
    this.name = 'ChatAborted'
  }
}

/**
 * One turn: the model streams, calls the servers' tools through MCPService (each call approved
 * first, with the server's timeout, cancelled with the turn), reads their results and answers,
 * for at most `maxSteps` model calls.
 */
export async function runChatTurn(options: ChatTurnOptions): Promise<ChatTurnResult> {
  const { host, tools, onEvent = () => undefined, signal } = options
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS
  const records: ChatToolCallRecord[] = []
  // each result's images by the model's call id: sent after the tool message on every later step of the turn
  const images = new Map<string, ToolImage[]>()
  const redact = (text: string) => host.secrets.redact(text)

  const decide = async (call: ChatToolCall): Promise<boolean> => {
    if (options.approval === 'all') return true
    if (options.approval === 'none' || !options.ask) return false
    return options.ask(call)
  }

  const execute = async (id: string, input: unknown, { toolCallId, abortSignal }: { toolCallId: string; abortSignal?: AbortSignal }): Promise<string> => {
    const entry = tools.get(id)
    if (!entry) return `no tool named ${id}`
    const call: ChatToolCall = { toolCallId, id, server: entry.server.name, tool: entry.tool.name, input }
    const finish = (status: ToolCallStatus, result: string) => {
      const record = { ...call, status, result }
      records.push(record)
      onEvent({ type: 'tool-result', call: record })
      return result
    }
    onEvent({ type: 'tool-call', call })
    if (!(await decide(call))) return finish('denied', DENIED_RESULT)
    abortSignal?.throwIfAborted()
    const callId = `chat-${randomUUID()}`
    const onProgress = (progress: ProgressEvent) => {
      if (progress.callId === callId) onEvent({ type: 'tool-progress', call, progress })
    }
    host.events.on('progress', onProgress)
    try {
      const args = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
      // no timeoutMs: the server's own timeout applies, as for every other call
      // the step that asked for the call is its span's parent
      const result = await host.callTool({ server: entry.server, name: entry.tool.name, args, callId }, { signal: abortSignal }, step?.trace)
      const shaped = toolResultContent(result, redact, { maxChars: options.maxResultChars ?? MAX_TOOL_RESULT_CHARS, images: options.images })
      if (shaped.images.length) images.set(toolCallId, shaped.images)
      return finish(result.isError ? 'error' : 'ok', shaped.text)
    } catch (error) {
      // a stopped turn ends here; any other failure is the tool's answer, so the model can say what happened
      if (abortSignal?.aborted) throw error
      return finish('error', truncateForModel(redact(`the call failed: ${error instanceof Error ? error.message : String(error)}`)))
    } finally {
      host.events.off('progress', onProgress)
    }
  }

  const model = options.toolMode === 'prompt' && typeof options.model !== 'string' ? wrapLanguageModel({ model: options.model as Parameters<typeof wrapLanguageModel>[0]['model'], middleware: promptToolsMiddleware() }) : options.model
  const turnSpan = options.trace?.tracer.turn({
    model: options.provider.model ?? (typeof model === 'string' ? model : model.modelId),
    provider: typeof model === 'string' ? 'gateway' : model.provider,
    baseUrl: options.provider.baseUrl,
    conversationId: options.trace.conversationId,
    messages: options.messages.length,
    tools: tools.size,
    secrets: options.trace.secrets
  })
  // the step running now: the SDK asks for a step's tool calls before the next step starts
  let step: ChatStepSpan | undefined
  let inputTokens: number | undefined
  let outputTokens: number | undefined
  const add = (sum: number | undefined, n: number | undefined) => (n === undefined ? sum : (sum ?? 0) + n)

  const result = streamText({
    model,
    system: options.system,
    messages: options.messages,
    tools: toToolSet(tools, execute),
    stopWhen: stepCountIs(maxSteps),
    maxRetries: options.maxRetries,
    abortSignal: signal,
    // errors arrive in the stream below; the default handler would also print them
    onError: () => undefined,
    // a step's span opens before its request and ends once its tool calls are done;
    // the images of earlier results go with every step after them
    prepareStep: ({ stepNumber, messages }) => {
      if (turnSpan) step = turnSpan.step({ number: stepNumber, messages: messages.length })
      return images.size ? { messages: withToolImages(messages, images) } : undefined
    },
    onStepFinish: turnSpan
      ? (finished) => {
          inputTokens = add(inputTokens, finished.usage.inputTokens)
          outputTokens = add(outputTokens, finished.usage.outputTokens)
          step?.end({
            finishReason: finished.finishReason,
            responseModel: finished.response.modelId,
            responseId: finished.response.id,
            inputTokens: finished.usage.inputTokens,
            outputTokens: finished.usage.outputTokens,
            textLength: finished.text.length,
            toolCalls: finished.toolCalls.length
          })
          step = undefined
        }
      : undefined
  })

  let text = ''
  let steps = 0
  let lastFinish: string | undefined
  let usage: LanguageModelUsage | undefined
  const outcome = () => ({ steps, toolCalls: records.length, inputTokens, outputTokens })
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta':
          text += part.text
          onEvent({ type: 'text', text: part.text })
          break
        case 'finish-step':
          steps++
          lastFinish = part.finishReason
          break
        case 'finish':
          usage = part.totalUsage
          break
        case 'abort':
          throw new ChatAborted()
        case 'error':
          if (signal?.aborted) throw new ChatAborted()
          throw providerFailure(part.error, options.provider)
      }
    }
    if (signal?.aborted) throw new ChatAborted()
    const stepLimitReached = lastFinish === 'tool-calls' && steps >= maxSteps
    if (stepLimitReached) onEvent({ type: 'step-limit', steps })
    const sent = (await result.response).messages
    const responseMessages = images.size ? historyWithoutToolImages(sent) : sent
    turnSpan?.end({ ...outcome(), stepLimitReached })
    return { text, toolCalls: records, usage, steps, stepLimitReached, responseMessages }
  } catch (error) {
    if (turnSpan) {
      // a stop says so; any other failure keeps its (redacted) message
      const stopped = signal?.aborted === true || error instanceof ChatAborted
      const reason = stopped && !(error instanceof ChatAborted) ? new ChatAborted() : error
      step?.fail(reason)
      turnSpan.fail(reason, { ...outcome(), stopped })
    }
    throw error
  }
}
