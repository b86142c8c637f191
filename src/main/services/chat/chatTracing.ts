import type { OperationTrace } from '../mcp/operationTrace'

/**
 * What a chat turn tells tracing, injected by whoever builds the host (the app's `createHost`,
 * the CLI): the turn as one trace, a span per model step, the step's tool calls beneath it.
 * Sizes and counts only: what the user and the model said is never recorded.
 */
export interface ChatTracer {
  /** The turn's root span, or none while recording is paused. */
  turn(info: ChatTurnInfo): ChatTurnSpan | undefined
}

export interface ChatTurnInfo {
  /** the model id asked for */
  model: string
  /** the AI SDK's provider id, e.g. `openai-compatible.chat` */
  provider: string
  baseUrl: string
  conversationId?: string
  /** messages in the history the turn starts from */
  messages: number
  /** tools offered to the model */
  tools: number
  /** values to take out of error messages besides the host's own (the provider's key) */
  secrets?: () => readonly string[]
}

export interface ChatStepInfo {
  /** zero-based */
  number: number
  /** messages sent in this request */
  messages: number
}

export interface ChatStepOutcome {
  finishReason: string
  responseModel?: string
  responseId?: string
  inputTokens?: number
  outputTokens?: number
  /** characters of text the model answered in this step */
  textLength: number
  toolCalls: number
}

export interface ChatTurnOutcome {
  steps: number
  toolCalls: number
  inputTokens?: number
  outputTokens?: number
  stepLimitReached?: boolean
}

export interface ChatTurnSpan {
  /** the trace the turn is (the CLI prints it) */
  readonly traceId: string
  /** A model request and the tool calls it asked for. */
  step(info: ChatStepInfo): ChatStepSpan
  end(outcome: ChatTurnOutcome): void
  /** The turn failed (or was stopped: `stopped`); the message is redacted before it is kept. */
  fail(error: unknown, outcome: ChatTurnOutcome & { stopped?: boolean }): void
}

export interface ChatStepSpan {
  /** the parent of the tool calls this step makes (the host's `callTool` takes it) */
  readonly trace: OperationTrace
  end(outcome: ChatStepOutcome): void
  fail(error: unknown): void
}
