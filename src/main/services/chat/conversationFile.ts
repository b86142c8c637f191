import { modelMessageSchema, type ModelMessage } from 'ai'
import { z } from 'zod'
import { ChatToolChoiceSchema, type Conversation } from '@shared/chat/conversations'
import { PROVIDER_ERROR_CODES } from '@shared/chat/providerErrors'

export const CONVERSATION_FILE_VERSION = 1

const text = z.string().max(10_000_000)
// a model that could not be resolved (no provider yet) is stored as empty strings
const modelRef = z.object({ providerId: z.string().max(100), model: z.string().max(300) })

const toolCall = z.object({
  toolCallId: z.string(),
  id: z.string(),
  serverId: z.string(),
  server: z.string(),
  tool: z.string(),
  input: z.unknown(),
  status: z.enum(['waiting', 'running', 'ok', 'error', 'denied', 'stopped']),
  result: text.optional(),
  progress: z.object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() }).optional()
})

const attachment = z.object({
  serverId: z.string(),
  server: z.string(),
  uri: z.string(),
  name: z.string(),
  mimeType: z.string().optional(),
  chars: z.number(),
  truncated: z.boolean().optional()
})

const usage = z.object({ inputTokens: z.number().optional(), outputTokens: z.number().optional(), totalTokens: z.number().optional() })

const message = z.discriminatedUnion('role', [
  z.object({ id: z.string().min(1), role: z.literal('user'), text, at: z.number(), attachments: z.array(attachment).optional(), images: z.array(z.object({ mimeType: z.string(), bytes: z.number() })).optional() }),
  z.object({
    id: z.string().min(1),
    role: z.literal('assistant'),
    parts: z.array(z.discriminatedUnion('type', [z.object({ type: z.literal('text'), text }), z.object({ type: z.literal('tool'), call: toolCall })])),
    model: modelRef,
    at: z.number(),
    usage: usage.optional(),
    stepLimit: z.number().optional(),
    stopped: z.boolean().optional(),
    error: z.object({ kind: z.enum(['provider', 'tools', 'other']), message: z.string(), status: z.number().optional(), code: z.enum(PROVIDER_ERROR_CODES).optional() }).optional()
  })
])

const conversation = z.object({
  id: z.string().regex(/^[\w-]{1,100}$/),
  title: z.string().max(200),
  createdAt: z.number(),
  updatedAt: z.number(),
  model: modelRef.optional(),
  tools: ChatToolChoiceSchema,
  messages: z.array(message)
})

/** One conversation on disk: what the page sees, and the model's own history, which it never sees. */
export const ConversationFileSchema = z.object({
  version: z.literal(CONVERSATION_FILE_VERSION),
  conversation,
  history: z.array(modelMessageSchema),
  /** user message id → its index in `history`: where a retry of that message cuts the history */
  historyAt: z.record(z.string(), z.number().int().min(0)).default({})
})

export interface StoredConversation {
  conversation: Conversation
  history: ModelMessage[]
  historyAt: Record<string, number>
}

/** The file's text, or why it cannot be used (zod's first problems, with their paths). */
export function parseConversationFile(raw: string): StoredConversation {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch (error) {
    throw new Error(`not JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error })
  }
  const version = (json as { version?: unknown } | null)?.version
  if (version !== CONVERSATION_FILE_VERSION) throw new Error(`unknown version ${JSON.stringify(version)} (this app reads version ${CONVERSATION_FILE_VERSION})`)
  const parsed = ConversationFileSchema.safeParse(json)
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
    throw new Error(issues.join('; '))
  }
  const { conversation: c, history, historyAt } = parsed.data
  return { conversation: c as Conversation, history, historyAt }
}

export function conversationFileText(stored: StoredConversation): string {
  return JSON.stringify({ version: CONVERSATION_FILE_VERSION, ...stored }, null, 1)
}
