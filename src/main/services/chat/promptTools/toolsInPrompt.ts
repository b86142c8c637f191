import type { LanguageModelMiddleware } from 'ai'
import { CALL_OPEN } from './toolCallText'

type CallOptions = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params']
type Prompt = CallOptions['prompt']
type Message = Prompt[number]
type FunctionTool = Extract<NonNullable<CallOptions['tools']>[number], { type: 'function' }>
type ToolResultOutput = Extract<Extract<Message, { role: 'tool' }>['content'][number], { type: 'tool-result' }>['output']

/** What the model is told about the tools and the one way to call them. */
export function toolsSystemPrompt(tools: readonly FunctionTool[]): string {
  const list = tools.map((t) => `- ${t.name}: ${t.description ?? '(no description)'}\n  arguments (JSON Schema): ${JSON.stringify(t.inputSchema)}`)
  return [
    'You can use tools. To call one, write a block exactly like this, then stop writing and wait for its result:',
    `${CALL_OPEN}\n{"name": "<tool name>", "arguments": {<the arguments, as the tool's JSON Schema says>}}\n\`\`\``,
    'Write one block per call. Each result comes back in the next message. When you have what you need, answer without a tool_call block.',
    '',
    'Tools:',
    ...list
  ].join('\n')
}

/** A result as the model reads it in a user message. */
function outputText(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
      return output.value
    case 'error-text':
      return `error: ${output.value}`
    case 'json':
      return JSON.stringify(output.value)
    case 'error-json':
      return `error: ${JSON.stringify(output.value)}`
    case 'execution-denied':
      return output.reason ?? 'the user denied this call'
    case 'content':
      return output.value.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n')
  }
}

export interface PromptCallRecord {
  /** what the model wrote for the call, given back to it as its own words */
  raw?: string
  /** what was wrong with the block: the call's result, in place of the SDK's error */
  problem?: string
}

/**
 * The conversation as a model without native tool calls reads it: the tools in the system
 * prompt, its earlier calls as the blocks it wrote, each tool result in a user message.
 */
export function promptWithToolsInText(prompt: Prompt, tools: readonly FunctionTool[], records: ReadonlyMap<string, PromptCallRecord>): Prompt {
  const out: Message[] = []
  const described = tools.length ? toolsSystemPrompt(tools) : undefined
  let systemDone = !described
  for (const message of prompt) {
    if (message.role === 'system') {
      out.push(systemDone ? message : { ...message, content: `${message.content}\n\n${described}` })
      systemDone = true
      continue
    }
    if (!systemDone) {
      out.push({ role: 'system', content: described! })
      systemDone = true
    }
    if (message.role === 'assistant') {
      const content = message.content.map((part) => {
        if (part.type !== 'tool-call') return part
        const raw = records.get(part.toolCallId)?.raw
        return { type: 'text' as const, text: raw ?? `${CALL_OPEN}\n${JSON.stringify({ name: part.toolName, arguments: part.input })}\n\`\`\`` }
      })
      out.push({ ...message, content })
    } else if (message.role === 'tool') {
      const texts = message.content.flatMap((part) => {
        if (part.type !== 'tool-result') return []
        const problem = records.get(part.toolCallId)?.problem
        if (problem) return [`Your tool_call block could not be run: ${problem}. Write the call again as the system prompt shows.`]
        return [`Result of your tool_call to ${part.toolName}:\n${outputText(part.output)}`]
      })
      if (texts.length) out.push({ role: 'user', content: [{ type: 'text', text: texts.join('\n\n') }] })
    } else {
      out.push(message)
    }
  }
  if (!systemDone) out.unshift({ role: 'system', content: described! })
  return out
}
