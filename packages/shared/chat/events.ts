import { z } from 'zod'
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import type { AssistantMessage, ChatToolCallView, ChatUsage } from './conversations'

/** What a running turn tells the windows, in order. */
export type ChatStreamEvent =
  /** the turn began: the assistant message as it starts (empty) */
  | { type: 'start'; message: AssistantMessage }
  | { type: 'text'; text: string }
  /** a call appeared, changed state or progressed */
  | { type: 'tool'; call: ChatToolCallView }
  | { type: 'usage'; usage: ChatUsage }
  /** the turn is over: the assistant message as stored */
  | { type: 'done'; message: AssistantMessage }

export interface ChatEventPayload {
  conversationId: string
  messageId: string
  /** counts this message's events from 1; a window that read the message at `seq` n applies only later ones */
  seq: number
  event: ChatStreamEvent
}

/** A tool call waiting for the user's yes or no. */
export interface ChatApprovalRequest {
  requestId: string
  conversationId: string
  conversationTitle: string
  call: ChatToolCallView
  /** the tool's own hints (readOnlyHint, destructiveHint …), as the server declared them */
  annotations?: ToolAnnotations
  toolTitle?: string
  toolDescription?: string
}

/**
 * once: this call; chat: every call of this tool in this conversation; always: sets the tool's
 * Auto-approve switch; deny: the model reads that the user said no.
 */
export const ApprovalDecisionSchema = z.enum(['once', 'chat', 'always', 'deny'])
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>

export interface ChatApprovalDoneEvent {
  requestId: string
}
