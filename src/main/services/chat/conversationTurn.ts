import type { ModelMessage } from 'ai'
import type { ToolMode } from '@shared/chat/chatSettings'
import type { AssistantMessage, ChatToolCallView, ChatTurnError, Conversation } from '@shared/chat/conversations'
import { autoApproves } from '@shared/mcp/autoApprove'
import { redactText } from '@shared/mcp/redact'
import type { McpServer } from '@shared/mcp/server'
import type { McpHost } from '../mcp/mcpHost'
import type { ServerRegistry } from '../servers/ServerRegistry'
import type { ChatApprovals } from './chatApprovals'
import { conversationServers } from './chatToolChoice'
import { listChatTools, type ChatTool } from './chatTools'
import type { ChatTracer } from './chatTracing'
import { runChatTurn, type ChatEvent, type ChatToolCall } from './chatTurn'
import type { LiveMessage } from './liveMessage'
import { ProviderError } from './providerErrors'
import { chatModel, type ChatProvider } from './providers'
import { redactingFetch } from './redactingFetch'

export interface TurnDeps {
  mcp: McpHost
  registry: ServerRegistry
  approvals: ChatApprovals
  /** every secret the provider requests and error messages must not carry */
  secrets: () => string[]
  /** each turn as one trace, when the host traces */
  tracer?: ChatTracer
}

export interface TurnJob {
  conversation: Conversation
  /** the model history, ending with the user's message */
  history: ModelMessage[]
  /** the model, or why there is none */
  provider: (ChatProvider & { model: string }) | { error: unknown }
  live: LiveMessage
  signal: AbortSignal
  /** Settings → Chat and the model's options, as they were when the turn started */
  settings?: TurnSettings
}

export interface TurnSettings {
  maxSteps: number
  maxResultChars: number
  images: boolean
  toolMode: ToolMode
}

export interface TurnOutcome {
  message: AssistantMessage
  /** what the turn adds to the model history */
  added: ModelMessage[]
}

class ToolsUnavailable extends Error {}

/** Sets a tool's Auto-approve switch on its server, in one change of the registry. */
async function alwaysAllow(registry: ServerRegistry, server: McpServer, tool: string): Promise<void> {
  const current = registry.get(server.id)
  if (!current) return
  await registry.update(server.id, {
    tools: {
      autoApprove: [...(current.tools?.autoApprove ?? []).filter((t) => t !== tool), tool],
      askFirst: current.tools?.askFirst?.filter((t) => t !== tool)
    }
  })
}

/**
 * One turn of a conversation, in the background: the tools it may use, the model, approvals
 * asked of the windows, every change shown on the live message. Never throws: a failure ends
 * the turn as an error on the message, a stop as `stopped`.
 */
export async function runConversationTurn(deps: TurnDeps, job: TurnJob): Promise<TurnOutcome> {
  const { conversation, live, signal } = job
  const redact = (text: string) => redactText(text, { secrets: deps.secrets() })
  let stepLimit: number | undefined
  // no provider, or no such model: the provider store's message says what to set up
  if ('error' in job.provider) return { message: live.finish({ error: { kind: 'provider', message: redact(messageOf(job.provider.error)) } }), added: [] }
  try {
    const provider = job.provider
    const tools = await chatTools(deps, conversation)
    const viewOf = (call: ChatToolCall, status: ChatToolCallView['status']): ChatToolCallView => {
      const { server } = tools.get(call.id)!
      return { toolCallId: call.toolCallId, id: call.id, serverId: server.id, server: call.server, tool: call.tool, input: call.input, status }
    }

    const ask = async (call: ChatToolCall): Promise<boolean> => {
      const entry = tools.get(call.id)!
      // the switch as it is now: the user may have changed it during the turn
      const server = deps.registry.get(entry.server.id) ?? entry.server
      if (autoApproves(server, entry.tool.name) || deps.approvals.allowedInChat(conversation.id, call.id)) {
        live.call(viewOf(call, 'running'))
        return true
      }
      const waiting = viewOf(call, 'waiting')
      live.call(waiting)
      const { annotations, title, description } = entry.tool
      const decision = await deps.approvals.ask(
        { conversationId: conversation.id, conversationTitle: conversation.title, call: waiting, annotations, toolTitle: title, toolDescription: description },
        signal
      )
      if (decision === 'deny' || signal.aborted) return false
      if (decision === 'chat') deps.approvals.allowInChat(conversation.id, call.id)
      // the call runs even if the switch could not be saved (the server was removed meanwhile)
      if (decision === 'always') await alwaysAllow(deps.registry, server, entry.tool.name).catch(() => undefined)
      live.call(viewOf(call, 'running'))
      return true
    }

    const onEvent = (event: ChatEvent) => {
      // a stopped turn's calls end as stopped, whatever comes after
      if (signal.aborted) return
      switch (event.type) {
        case 'text':
          return live.text(event.text)
        case 'tool-progress': {
          const view = live.findCall(event.call.toolCallId)
          const { progress, total, message } = event.progress
          if (view) live.call({ ...view, progress: { progress, total, message } })
          return
        }
        case 'tool-result': {
          const { status, result } = event.call
          const view = live.findCall(event.call.toolCallId) ?? viewOf(event.call, status)
          live.call({ ...view, status, result })
          return
        }
        case 'step-limit':
          stepLimit = event.steps
          return
      }
    }

    const result = await runChatTurn({
      host: deps.mcp,
      // what leaves for the provider is scrubbed of every secret the app knows
      model: chatModel(provider, redactingFetch(deps.secrets)),
      // the kind too: a failure's advice names the key's variable of that kind
      provider: described(provider),
      tools,
      messages: job.history,
      approval: 'ask',
      ask,
      maxSteps: job.settings?.maxSteps,
      maxResultChars: job.settings?.maxResultChars,
      images: job.settings?.images,
      toolMode: job.settings?.toolMode,
      onEvent,
      signal,
      trace: deps.tracer && { tracer: deps.tracer, conversationId: conversation.id, secrets: deps.secrets }
    })
    if (result.usage) live.usage({ inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens, totalTokens: result.usage.totalTokens })
    return { message: live.finish({ stepLimit }), added: result.responseMessages }
  } catch (error) {
    if (signal.aborted) {
      // what was said so far stays, for the user and for the model
      const text = live.textSoFar()
      return { message: live.finish({ stopped: true, stepLimit }), added: text ? [{ role: 'assistant', content: text }] : [] }
    }
    return { message: live.finish({ error: turnError(error, redact), stepLimit }), added: [] }
  }
}

async function chatTools(deps: TurnDeps, conversation: Conversation): Promise<Map<string, ChatTool>> {
  let tools: Map<string, ChatTool>
  try {
    tools = await listChatTools(deps.mcp, conversationServers(deps.registry, conversation.tools))
  } catch (error) {
    throw new ToolsUnavailable(`the servers' tools could not be listed: ${messageOf(error)}`)
  }
  for (const id of conversation.tools.disabledTools) tools.delete(id)
  return tools
}

/** Why the turn ended, for the user: the message only, never a stack. */
function turnError(error: unknown, redact: (text: string) => string): ChatTurnError {
  const message = redact(messageOf(error))
  if (error instanceof ToolsUnavailable) return { kind: 'tools', message }
  if (error instanceof ProviderError) return { kind: 'provider', message, status: error.status, code: error.code }
  return { kind: 'other', message }
}

/** The provider as a failure names it: where, which model, which kind (no key). */
function described(provider: ChatProvider & { model: string }): { baseUrl: string; model: string } {
  const where = { kind: provider.kind, baseUrl: provider.baseUrl, model: provider.model }
  return where
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
