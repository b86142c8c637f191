import { z } from 'zod'
import type { ChatAttachment, ChatImageNote } from './composerContext'
import type { ProviderErrorCode } from './providerErrors'
import type { ModelRef } from './providers'

/** A tool call of the model, as the conversation shows it. */
export interface ChatToolCallView {
  /** the model's id for this call */
  toolCallId: string
  /** the function-call id the model used (`mcp__server__tool`) */
  id: string
  serverId: string
  server: string
  tool: string
  input: unknown
  /** waiting: for the user's approval; running: the server has it */
  status: 'waiting' | 'running' | 'ok' | 'error' | 'denied' | 'stopped'
  /** exactly what the model was given (redacted, perhaps truncated) */
  result?: string
  progress?: { progress: number; total?: number; message?: string }
}

export interface ChatUsage {
  inputTokens?: number
  outputTokens?: number
  totalTokens?: number
}

/** Why a turn ended without a full answer, said so the user knows what to do. */
export interface ChatTurnError {
  /** provider: the model endpoint failed (see status); tools: the tools could not be listed; other */
  kind: 'provider' | 'tools' | 'other'
  message: string
  status?: number
  /** what failed at the provider, for the page to say what to do (absent: older conversations) */
  code?: ProviderErrorCode
}

export type ChatMessage =
  | { id: string; role: 'user'; text: string; at: number; /** resources attached with `@` */ attachments?: ChatAttachment[]; /** a prompt's images it carried */ images?: ChatImageNote[] }
  | {
      id: string
      role: 'assistant'
      /** the answer's text, in order with the calls between its parts */
      parts: ({ type: 'text'; text: string } | { type: 'tool'; call: ChatToolCallView })[]
      model: ModelRef
      at: number
      /** still streaming */
      running?: boolean
      /** while running: the last chat:event applied to this copy (see ChatEventPayload.seq) */
      seq?: number
      usage?: ChatUsage
      /** the step limit stopped a model that still wanted tools */
      stepLimit?: number
      stopped?: boolean
      error?: ChatTurnError
    }

export type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>

/** Which servers' tools a chat sends: every active approved one, or those picked (and tools left out). */
export const ChatToolChoiceSchema = z.object({
  /** absent: every switched-on, approved server */
  serverIds: z.array(z.string().min(1).max(200)).max(1000).optional(),
  /** function-call ids left out of this chat */
  disabledTools: z.array(z.string().min(1).max(200)).max(10_000).default([])
})
export type ChatToolChoice = z.infer<typeof ChatToolChoiceSchema>

/** One server's tools as `chat:list-tools` gives them to the picker. */
export interface ChatServerTools {
  serverId: string
  server: string
  /** every tool the server offers a chat; those this chat left out have `disabled` */
  tools: { id: string; name: string; description?: string; disabled?: boolean }[]
  /** the server's tools could not be listed (it failed to start, say): why */
  error?: string
}

/** A conversation as the page sees it (the model-side history stays in main). */
export interface Conversation {
  id: string
  title: string
  createdAt: number
  updatedAt: number
  model?: ModelRef
  tools: ChatToolChoice
  messages: ChatMessage[]
}

export interface ConversationSummary {
  id: string
  title: string
  updatedAt: number
  /** the last message's first line */
  preview: string
  running: boolean
}

/** What `chat:list-conversations` answers: newest first, and files that could not be read. */
export interface ConversationsSnapshot {
  conversations: ConversationSummary[]
  /** `{path}: why` for each damaged file set aside */
  notices: string[]
}
