import { randomUUID } from 'node:crypto'
import type { ChatAttachment, ChatAttachmentRef, ChatContextServer, ChatImage, ChatPromptText } from '@shared/chat/composerContext'
import { DEFAULT_CHAT_SETTINGS, modelOptionsOf } from '@shared/chat/chatSettings'
import type { AssistantMessage, ChatToolChoice, Conversation, ConversationsSnapshot } from '@shared/chat/conversations'
import type { ApprovalDecision, ChatApprovalRequest } from '@shared/chat/events'
import type { ModelRef } from '@shared/chat/providers'
import { redactText } from '@shared/mcp/redact'
import type { McpHost } from '../mcp/mcpHost'
import type { Platform } from '../../platform/Platform'
import type { ServerRegistry } from '../servers/ServerRegistry'
import { ChatApprovals } from './chatApprovals'
import { ChatError, notFound } from './chatErrors'
import type { ChatSettingsStore } from './ChatSettingsStore'
import type { ChatTracer } from './chatTracing'
import { chatServer, listComposerContext } from './composerContext'
import { cutToLastUserMessage, newConversation, withOutcome, withUserMessage } from './conversationEdits'
import { listConversationTools, type ConversationTools } from './conversationTools'
import { runConversationTurn, type TurnJob, type TurnSettings } from './conversationTurn'
import { ConversationStore } from './ConversationStore'
import type { StoredConversation } from './conversationFile'
import { LiveMessage } from './liveMessage'
import { promptText } from './promptText'
import type { ChatProvider } from './providers'
import { messageWithContext, readAttachment } from './resourceAttachment'

/** the model of a turn that could not resolve one (no provider yet) */
const NO_MODEL: ModelRef = { providerId: '', model: '' }

/** What the chat needs of the provider store: a model to run on, and the keys to keep out of requests. */
export interface ModelResolver {
  resolve(ref?: ModelRef): Promise<{ ref: ModelRef; provider: ChatProvider & { model: string } }>
  secrets(): string[]
}

export interface ChatServiceDeps {
  registry: ServerRegistry
  mcp: McpHost
  providers: ModelResolver
  emit: Platform['emit']
  userDataDir: string
  /** each turn as one trace, when the host traces */
  tracer?: ChatTracer
  /** Settings → Chat and each model's options, read at the start of every turn (the defaults without) */
  settings?: ChatSettingsStore
}

interface RunningTurn {
  live: LiveMessage
  abort: AbortController
  done: Promise<void>
}

/**
 * Main's chat, the same for every window: conversations kept on disk, one turn at a time per
 * conversation run in the background and streamed as `chat:event`, tool calls approved by the
 * user in any window, a turn stopped on request (the running tool call with it).
 */
export class ChatService {
  readonly store: ConversationStore
  readonly approvals: ChatApprovals
  private readonly ready: Promise<void>
  /** conversations with a turn starting or running */
  private readonly busy = new Set<string>()
  private readonly running = new Map<string, RunningTurn>()

  constructor(private readonly deps: ChatServiceDeps) {
    this.store = new ConversationStore(deps.userDataDir)
    this.approvals = new ChatApprovals(deps.emit)
    this.ready = this.store.load()
  }

  async list(): Promise<ConversationsSnapshot> {
    await this.ready
    // an answer's write may still be going after its `done`: the list shows what it wrote
    await this.store.flush()
    const conversations = this.store.list().map((s) => ({ ...s, running: this.busy.has(s.id) }))
    return { conversations, notices: this.store.notices() }
  }

  /** The conversation; with a turn running, its message as of the last event sent (`seq`). */
  async get(conversationId: string): Promise<Conversation> {
    await this.ready
    // taken as the read is queued: a turn running now is either in what the read gets or in
    // its live message, even if it ends (and is written) while the file is read
    const live = this.running.get(conversationId)?.live
    const { conversation } = await this.store.read(conversationId)
    if (!live) return conversation
    const messages = conversation.messages.filter((m) => m.id !== live.id)
    return { ...conversation, messages: [...messages, live.snapshot()] }
  }

  async create(options: { model?: ModelRef; tools?: ChatToolChoice } = {}): Promise<Conversation> {
    await this.ready
    const stored = newConversation({ model: options.model, tools: options.tools ?? { disabledTools: [] } })
    await this.store.create(stored)
    this.changed()
    return stored.conversation
  }

  async update(changes: { conversationId: string; title?: string; model?: ModelRef; tools?: ChatToolChoice }): Promise<Conversation> {
    await this.ready
    const { conversationId, ...fields } = changes
    await this.store.modify(conversationId, (stored) => {
      const c = stored.conversation
      return { ...stored, conversation: { ...c, title: fields.title ?? c.title, model: fields.model ?? c.model, tools: fields.tools ?? c.tools, updatedAt: Date.now() } }
    })
    this.changed()
    return this.get(conversationId)
  }

  /** Stops its turn first; its waiting approvals end. */
  async delete(conversationId: string): Promise<void> {
    await this.ready
    await this.stop(conversationId)
    this.approvals.forget(conversationId)
    const removed = await this.store.remove(conversationId)
    if (!removed) throw notFound(conversationId)
    this.changed()
  }

  /**
   * Stores the user's message and starts the turn; resolves as soon as it began. Attached resources
   * are read now, so the model gets their current text; one that cannot be read refuses the send.
   */
  async send(conversationId: string, text: string, attachments: ChatAttachmentRef[] = [], images: ChatImage[] = []): Promise<{ messageId: string }> {
    if (!attachments.length && !images.length) return this.startTurn(conversationId, (stored) => withUserMessage(stored, text))
    const conversation = await this.conversation(conversationId)
    if (images.length && !(await this.takesImages(conversation))) {
      throw new ChatError('MODEL_TAKES_NO_IMAGES', `this chat's model does not take images: remove the prompt's images, or turn on "takes images" for the model on the Models page`)
    }
    const maxChars = await this.resultLimit()
    const read = await Promise.all(attachments.map((a) => readAttachment(this.deps.mcp, chatServer(this.deps.registry, conversation.tools, a.serverId), a.uri, this.redact, maxChars)))
    const context = { attachments: read.map((r) => r.attachment), forModel: messageWithContext(text, read.map((r) => r.block)), images }
    return this.startTurn(conversationId, (stored) => withUserMessage(stored, text, context))
  }

  /** What the composer's `/` and `@` menus offer: the prompts, resources and templates of the chat's servers. */
  async listContext(conversationId: string): Promise<ChatContextServer[]> {
    const conversation = await this.conversation(conversationId)
    return listComposerContext(this.deps.mcp, this.deps.registry, conversation.tools)
  }

  /** Reads a resource for its chip, so a binary or failing one is said before the user sends. */
  async attachResource(conversationId: string, ref: ChatAttachmentRef): Promise<ChatAttachment> {
    const conversation = await this.conversation(conversationId)
    const server = chatServer(this.deps.registry, conversation.tools, ref.serverId)
    return (await readAttachment(this.deps.mcp, server, ref.uri, this.redact, await this.resultLimit())).attachment
  }

  /** A prompt of one of the chat's servers as the text of the user's next message, secrets redacted. */
  async getPrompt(conversationId: string, serverId: string, name: string, args: Record<string, string>): Promise<ChatPromptText> {
    const conversation = await this.conversation(conversationId)
    const server = chatServer(this.deps.registry, conversation.tools, serverId)
    return promptText(await this.deps.mcp.getPrompt({ server, name, args }), this.redact, { images: await this.takesImages(conversation) })
  }

  /** The conversation as stored (its servers, tools and model), once the store has loaded. */
  private async conversation(conversationId: string): Promise<Conversation> {
    await this.ready
    return (await this.store.read(conversationId)).conversation
  }

  /** The conversation's model (else the default) takes images, as its options say; no model takes none. */
  private async takesImages(conversation: Conversation): Promise<boolean> {
    const resolved = await this.deps.providers.resolve(conversation.model).catch(() => undefined)
    return resolved ? !!(await this.turnSettings(resolved.ref)).images : false
  }

  /** Settings → Chat's result-size limit, which an attached resource's text keeps to as a tool result does */
  private async resultLimit(): Promise<number> {
    return ((await this.deps.settings?.get()) ?? DEFAULT_CHAT_SETTINGS).maxToolResultChars
  }

  /** every secret the app knows (servers' and providers'), as a turn's requests are scrubbed */
  private readonly redact = (text: string): string => redactText(text, { secrets: [...this.deps.mcp.secrets.values(), ...this.deps.providers.secrets()] })

  /** Runs the last user message again: what came after it goes, in the page and in the model's history. */
  retry(conversationId: string): Promise<{ messageId: string }> {
    return this.startTurn(conversationId, cutToLastUserMessage)
  }

  /** false when no turn was running. Resolves once what was said so far is stored. */
  async stop(conversationId: string): Promise<boolean> {
    const turn = this.running.get(conversationId)
    if (!turn) return false
    turn.abort.abort()
    await turn.done
    return true
  }

  async listTools(conversationId: string): Promise<ConversationTools> {
    const conversation = await this.conversation(conversationId)
    return listConversationTools(this.deps.mcp, this.deps.registry, conversation.tools)
  }

  respondApproval(requestId: string, decision: ApprovalDecision): boolean {
    return this.approvals.respond(requestId, decision)
  }

  pendingApprovals(): ChatApprovalRequest[] {
    return this.approvals.pending()
  }

  /** Stops every turn (each stores what it had) and waits for the last write. */
  async close(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)))
    await this.store.flush()
  }

  private async startTurn(conversationId: string, prepare: (stored: StoredConversation) => StoredConversation): Promise<{ messageId: string }> {
    await this.ready
    if (this.busy.has(conversationId)) {
      throw new ChatError('CHAT_BUSY', 'this chat is still answering: wait for the answer or press Stop, then send again')
    }
    this.busy.add(conversationId)
    try {
      const stored = await this.store.modify(conversationId, prepare)
      this.changed()
      const { conversation } = stored
      const resolved = await this.deps.providers.resolve(conversation.model).catch((error: unknown) => ({ error }))
      const message: AssistantMessage = {
        id: randomUUID(),
        role: 'assistant',
        parts: [],
        model: 'error' in resolved ? (conversation.model ?? NO_MODEL) : resolved.ref,
        at: Date.now()
      }
      const live = new LiveMessage(message, conversationId, (payload) => this.deps.emit('chat:event', payload))
      const abort = new AbortController()
      const settings = 'error' in resolved ? undefined : await this.turnSettings(resolved.ref)
      const job: TurnJob = { conversation, history: stored.history, provider: 'error' in resolved ? resolved : resolved.provider, live, signal: abort.signal, settings }
      const turn: RunningTurn = { live, abort, done: Promise.resolve() }
      this.running.set(conversationId, turn)
      live.start()
      turn.done = this.finishTurn(job)
      return { messageId: message.id }
    } catch (error) {
      this.busy.delete(conversationId)
      throw error
    }
  }

  private async finishTurn(job: TurnJob): Promise<void> {
    const id = job.conversation.id
    const { mcp, registry, providers, tracer } = this.deps
    try {
      const outcome = await runConversationTurn(
        { mcp, registry, approvals: this.approvals, secrets: () => [...mcp.secrets.values(), ...providers.secrets()], tracer },
        job
      )
      // the windows have the answer before its write ends: a read of the conversation waits
      // for the write, and a conversation deleted meanwhile has nowhere to keep it
      const saved = this.store.modify(id, (stored) => withOutcome(stored, outcome)).catch(() => undefined)
      this.running.delete(id)
      this.busy.delete(id)
      job.live.done(outcome.message)
      await saved
    } finally {
      // whatever happened, the conversation takes messages again
      this.running.delete(id)
      this.busy.delete(id)
      this.changed()
    }
  }

  private async turnSettings(ref: ModelRef): Promise<TurnSettings> {
    const settings = (await this.deps.settings?.get()) ?? DEFAULT_CHAT_SETTINGS
    const model = modelOptionsOf(settings, ref.providerId, ref.model)
    return { maxSteps: settings.maxSteps, maxResultChars: settings.maxToolResultChars, images: model.images, toolMode: model.toolMode }
  }

  private changed(): void {
    this.deps.emit('chat:conversations-changed', {})
  }
}
