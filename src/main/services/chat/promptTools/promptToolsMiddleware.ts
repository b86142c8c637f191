import type { LanguageModelMiddleware } from 'ai'
import { ToolCallTextParser, type TextToolCall } from './toolCallText'
import { promptWithToolsInText, type PromptCallRecord } from './toolsInPrompt'

type CallOptions = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params']
type FunctionTool = Extract<NonNullable<CallOptions['tools']>[number], { type: 'function' }>
type StreamResult = Awaited<ReturnType<Parameters<NonNullable<LanguageModelMiddleware['wrapStream']>>[0]['doStream']>>
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never

/** The name a malformed call is given: no tool has it, so the SDK answers it with an error, which we word. */
export const MALFORMED_CALL = 'invalid_tool_call'

/**
 * Tool use for models without native tool calls, as AI SDK middleware (chosen per model): the tools
 * go into the system prompt, the calls are read from the streamed text (and not shown as the
 * answer), each result goes back in a user message. The SDK's loop then runs the calls exactly as
 * native ones: the same approval, MCP call, tracing, result shaping and step limit. One instance
 * per turn: it remembers what the model wrote for each call, and what was wrong with a malformed one.
 *
 * Written here rather than taken from @ai-sdk-tool/parser, which drops a malformed call silently
 * (the model never hears what was wrong) and brings a second OpenAI provider package.
 */
export function promptToolsMiddleware(): LanguageModelMiddleware {
  const records = new Map<string, PromptCallRecord>()
  let toolNames: string[] = []
  let serial = 0

  const callPart = (call: TextToolCall): StreamPart => {
    const toolCallId = `text-call-${++serial}`
    records.set(toolCallId, call.ok ? { raw: call.raw } : { raw: call.raw, problem: call.problem })
    return call.ok
      ? { type: 'tool-call', toolCallId, toolName: call.name, input: JSON.stringify(call.args) }
      : { type: 'tool-call', toolCallId, toolName: MALFORMED_CALL, input: '{}' }
  }

  return {
    specificationVersion: 'v3',
    transformParams: async ({ params }) => {
      const offered = params.toolChoice?.type === 'none' ? [] : (params.tools ?? []).filter((t): t is FunctionTool => t.type === 'function')
      toolNames = offered.map((t) => t.name)
      return { ...params, prompt: promptWithToolsInText(params.prompt, offered, records), tools: undefined, toolChoice: undefined }
    },
    wrapGenerate: async ({ doGenerate }) => {
      const result = await doGenerate()
      const parser = new ToolCallTextParser(toolNames)
      const content: typeof result.content = []
      let calls = 0
      for (const part of result.content) {
        if (part.type !== 'text') {
          content.push(part)
          continue
        }
        const read = parser.push(part.text)
        const end = parser.end()
        const text = read.text + end.text
        if (text) content.push({ ...part, text })
        for (const call of [...read.calls, ...end.calls]) {
          content.push(callPart(call) as (typeof content)[number])
          calls++
        }
      }
      return { ...result, content, finishReason: calls ? { unified: 'tool-calls', raw: result.finishReason.raw } : result.finishReason }
    },
    wrapStream: async ({ doStream }) => {
      const { stream, ...rest } = await doStream()
      const parser = new ToolCallTextParser(toolNames)
      let calls = 0
      let textId: string | undefined
      const emit = (controller: TransformStreamDefaultController<StreamPart>, read: { text: string; calls: TextToolCall[] }, id = textId) => {
        if (read.text && id !== undefined) controller.enqueue({ type: 'text-delta', id, delta: read.text })
        for (const call of read.calls) {
          controller.enqueue(callPart(call))
          calls++
        }
      }
      const transformed = stream.pipeThrough(
        new TransformStream<StreamPart, StreamPart>({
          transform(part, controller) {
            switch (part.type) {
              case 'text-start':
                textId = part.id
                controller.enqueue(part)
                return
              case 'text-delta':
                return emit(controller, parser.push(part.delta), part.id)
              case 'text-end':
                // the text's end: what was held back is said, an open block is a call gone wrong
                emit(controller, parser.end(), part.id)
                controller.enqueue(part)
                return
              case 'finish':
                emit(controller, parser.end())
                controller.enqueue(calls ? { ...part, finishReason: { unified: 'tool-calls', raw: part.finishReason.raw } } : part)
                return
              default:
                controller.enqueue(part)
            }
          }
        })
      )
      return { stream: transformed, ...rest }
    }
  }
}
