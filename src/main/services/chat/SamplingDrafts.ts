import type { CreateMessageRequestParams } from '@modelcontextprotocol/sdk/types.js'
import type { ModelRef } from '@shared/chat/providers'
import type { SamplingDraft } from '@shared/chat/samplingDraft'
import type { ClientRequestDoneEvent } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import type { Platform } from '../../platform/Platform'
import type { McpHost } from '../mcp/mcpHost'
import { throttle } from '../mcp/throttle'
import { NoProviderError, type ProviderStore } from './ProviderStore'
import { DraftStopped, draftSamplingReply, samplingModel, type SampledReply } from './samplingDraft'

/** How often the window is sent the draft so far. */
const DRAFT_EVENT_MS = 50

/** Said when there is no model to draft with, in the words of the app's pages. */
export const NO_PROVIDER_FOR_SAMPLING =
  'no model provider yet: add one on the Models page (OpenAI, DeepSeek, OpenRouter, or Ollama / LM Studio on this computer), then draft again'

export interface SamplingDraftsDeps {
  mcp: Pick<McpHost, 'events' | 'pendingRequests' | 'secrets'>
  providers: ProviderStore
  /** the server as saved now: its switch may have changed since it connected */
  serverNow: (id: string) => McpServer | undefined
  emit: Platform['emit']
  fetch?: typeof globalThis.fetch
}

/** The draft ended because its request did: answered elsewhere, timed out, or withdrawn by the server. */
class RequestEnded extends Error {
  constructor(outcome: string) {
    super(`the sampling request is over (${outcome === 'answered' ? 'answered' : outcome === 'timeout' ? 'nobody answered in time' : 'cancelled by the server'}): the draft was stopped`)
    this.name = 'RequestEnded'
  }
}

/**
 * A model writes the reply to a server's sampling request: on the user's Draft (streamed to the
 * windows, the user edits and approves it), or, for a server the user allowed to sample without
 * asking, as the answer itself. A draft ends with its request.
 */
export class SamplingDrafts {
  private readonly running = new Map<string, AbortController>()
  private readonly off: () => void

  constructor(private readonly deps: SamplingDraftsDeps) {
    const onDone = ({ requestId, outcome }: ClientRequestDoneEvent) => this.running.get(requestId)?.abort(new RequestEnded(outcome))
    deps.mcp.events.on('client-request-done', onDone)
    this.off = () => void deps.mcp.events.off('client-request-done', onDone)
  }

  /** Drafts the reply to a waiting request with `model`, else the model its hints name, else the default. */
  async draft(requestId: string, model?: ModelRef): Promise<SamplingDraft> {
    const pending = this.deps.mcp.pendingRequests().find((r) => r.kind === 'sampling' && r.event.requestId === requestId)
    if (!pending || pending.kind !== 'sampling') throw new Error('this sampling request is no longer waiting: it was answered, timed out or withdrawn by the server')
    // a second Draft (another model) replaces the first
    this.running.get(requestId)?.abort(new DraftStopped(''))
    const aborter = new AbortController()
    this.running.set(requestId, aborter)
    let latest = ''
    const events = throttle(() => this.deps.emit('chat:sampling-draft', { requestId, text: latest }), DRAFT_EVENT_MS)
    let modelId = model?.model ?? ''
    try {
      const { provider } = await this.resolve(pending.event.params, model)
      modelId = provider.model
      aborter.signal.throwIfAborted()
      const reply = await this.write(pending.event.params, provider, aborter.signal, (text) => {
        latest = text
        events.call()
      })
      return { text: reply.text, model: reply.model }
    } catch (error) {
      const reason: unknown = aborter.signal.reason
      // Stop keeps what was written; a request that ended says so
      if (reason instanceof RequestEnded) throw reason
      if (error instanceof DraftStopped) return { text: error.text, model: modelId, stopped: true }
      throw error
    } finally {
      events.cancel()
      if (this.running.get(requestId) === aborter) this.running.delete(requestId)
    }
  }

  /** Stops a running draft; false when none runs for that request. */
  stop(requestId: string): boolean {
    const aborter = this.running.get(requestId)
    if (!aborter) return false
    aborter.abort(new DraftStopped(''))
    return true
  }

  /**
   * The answer for a server whose "Allow sampling without asking" is on and a model exists;
   * undefined when the user is to be asked. Throws when the model failed (the caller asks the user then).
   */
  async answerUnasked(server: McpServer, params: CreateMessageRequestParams, signal: AbortSignal): Promise<SampledReply | undefined> {
    if (!this.deps.serverNow(server.id)?.samplingAutoApprove) return undefined
    const { provider } = await this.resolve(params)
    return this.write(params, provider, signal)
  }

  /** Every draft stopped (the host closes). */
  close(): void {
    this.off()
    for (const aborter of this.running.values()) aborter.abort(new DraftStopped(''))
  }

  private async resolve(params: CreateMessageRequestParams, model?: ModelRef) {
    try {
      return await samplingModel(this.deps.providers, params, model)
    } catch (error) {
      if (error instanceof NoProviderError) throw new NoProviderError(NO_PROVIDER_FOR_SAMPLING)
      throw error
    }
  }

  private write(params: CreateMessageRequestParams, provider: Parameters<typeof draftSamplingReply>[1]['provider'], signal: AbortSignal, onText?: (text: string) => void) {
    const secrets = () => [...this.deps.mcp.secrets.values(), ...this.deps.providers.secrets()]
    return draftSamplingReply(params, { provider, secrets, signal, onText, fetch: this.deps.fetch })
  }
}
