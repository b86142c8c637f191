import { randomUUID } from 'node:crypto'
import {
  ErrorCode,
  McpError,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestParams,
  type ElicitResult
} from '@modelcontextprotocol/sdk/types.js'
import {
  SamplingResponseSchema,
  type ClientRequestDoneEvent,
  type ElicitationResponse,
  type PendingClientRequest,
  type SamplingResponse
} from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { assertSafeExternalUrl } from '../../security/externalUrl'
import type { McpEmit } from './events'
import type { ServerLogWriter } from './serverLogs'

/** How long a dialog may stay unanswered before main answers for the user. */
export const CLIENT_REQUEST_TIMEOUT_MS = 5 * 60_000

type Answer = { kind: 'elicitation'; response: ElicitationResponse } | { kind: 'sampling'; response: SamplingResponse }

interface Waiting {
  kind: Answer['kind']
  /** which connection asked, and under which JSON-RPC id: how a server's notifications/cancelled finds it */
  origin: RequestOrigin
  /** what the renderer was sent, for a window that loads later */
  shown: PendingClientRequest
  /** when it was asked (Date.now) */
  askedAt: number
  settle(answer: Answer | { kind: 'timeout' | 'cancelled' }): void
}

/**
 * Answers a sampling request without a dialog where the user allowed it for that server; undefined
 * means ask the user. A failure is logged and the user is asked after all.
 */
export type AutoSampler = (
  server: McpServer,
  params: CreateMessageRequestParams,
  signal: AbortSignal
) => Promise<{ text: string; model: string; stopReason: string } | undefined>

/** Who asked: one object per connection, and the JSON-RPC id of the request on it. */
export interface RequestOrigin {
  connection: object
  rpcId: string | number
  signal: AbortSignal
}

/**
 * What servers ask of the user (elicitation, sampling): each request goes to the renderer as
 * an event with an id and waits for the answer on a channel. Nothing is ever answered silently: no
 * answer in time is a cancel (elicitation) or a rejection (sampling), and the dialog is told to close.
 */
export class ClientRequests {
  private readonly waiting = new Map<string, Waiting>()

  constructor(
    private readonly emit: McpEmit,
    private readonly timeoutMs = CLIENT_REQUEST_TIMEOUT_MS,
    private readonly autoSample?: AutoSampler
  ) {}

  elicit(server: McpServer, params: ElicitRequestParams, origin: RequestOrigin, log: ServerLogWriter): Promise<ElicitResult> {
    if (params.mode === 'url') {
      try {
        assertSafeExternalUrl(params.url)
      } catch (error) {
        // a file: or javascript: link never reaches a dialog that could open it
        log('warning', `asked the user to open a link; declined without asking: ${(error as Error).message}`)
        return Promise.resolve({ action: 'decline' })
      }
    }
    return this.ask<ElicitResult>('elicitation', server, params, origin, log, (outcome) => {
      if (outcome.kind !== 'elicitation') return { action: 'cancel' }
      const { response } = outcome
      return response.action === 'accept' ? { action: 'accept', content: response.content ?? {} } : { action: response.action }
    })
  }

  async sample(server: McpServer, params: CreateMessageRequestParams, origin: RequestOrigin, log: ServerLogWriter): Promise<CreateMessageResult> {
    const unasked = await this.sampleUnasked(server, params, origin, log)
    if (unasked) return unasked
    return this.ask<CreateMessageResult>('sampling', server, params, origin, log, (outcome) => {
      if (outcome.kind === 'sampling' && outcome.response.action === 'approve') {
        const reply = SamplingResponseSchema.parse(outcome.response) as Extract<SamplingResponse, { action: 'approve' }>
        return { role: 'assistant', content: { type: 'text', text: reply.text }, model: reply.model ?? 'user', stopReason: reply.stopReason ?? 'endTurn' }
      }
      const why =
        outcome.kind === 'timeout'
          ? 'nobody answered the sampling request in time'
          : outcome.kind === 'sampling' && outcome.response.action === 'reject'
            ? `the user rejected the sampling request${outcome.response.reason ? `: ${outcome.response.reason}` : ''}`
            : 'the sampling request was cancelled'
      throw new McpError(ErrorCode.InvalidRequest, why)
    })
  }

  /** The model's reply where the server may sample without asking; undefined: the user is asked. */
  private async sampleUnasked(server: McpServer, params: CreateMessageRequestParams, origin: RequestOrigin, log: ServerLogWriter): Promise<CreateMessageResult | undefined> {
    if (!this.autoSample) return undefined
    // a model that never finishes gives way to the dialog after as long as the user would have had
    const timeout = AbortSignal.timeout(this.timeoutMs)
    try {
      const reply = await this.autoSample(server, params, AbortSignal.any([origin.signal, timeout]))
      if (!reply) return undefined
      log('info', `sampling request answered by the model ${reply.model} without asking (allowed for this server)`)
      return { role: 'assistant', content: { type: 'text', text: reply.text }, model: reply.model, stopReason: reply.stopReason }
    } catch (error) {
      if (origin.signal.aborted) throw new McpError(ErrorCode.InvalidRequest, 'the sampling request was cancelled')
      const why = timeout.aborted ? `the model did not finish within ${Math.round(this.timeoutMs / 1000)} s` : error instanceof Error ? error.message : String(error)
      log('warning', `could not answer the sampling request with a model, so the user is asked: ${why}`)
      return undefined
    }
  }

  respond(requestId: string, answer: Answer): boolean {
    const waiting = this.waiting.get(requestId)
    if (!waiting || waiting.kind !== answer.kind) return false
    waiting.settle(answer)
    return true
  }

  /**
   * the server withdrew a request (notifications/cancelled). The SDK aborts the handler itself,
   * except for request id 0, which it skips as "no id" — so the host matches ids on its own.
   */
  withdrawn(connection: object, rpcId: unknown): void {
    for (const waiting of [...this.waiting.values()]) {
      if (waiting.origin.connection === connection && waiting.origin.rpcId === rpcId) waiting.settle({ kind: 'cancelled' })
    }
  }

  /**
   * A tool call of this server timed out or was cancelled: what the server asked since the call
   * began was for that call (no other call of the server runs, the caller makes sure), and nobody
   * can use its answer any more. Each ends as cancelled, its dialog or prompt closed.
   */
  endAskedSince(serverId: string, since: number): void {
    for (const waiting of [...this.waiting.values()]) {
      if (waiting.shown.event.serverId === serverId && waiting.askedAt >= since) waiting.settle({ kind: 'cancelled' })
    }
  }

  /** Waiting requests, oldest first (a Map keeps insertion order). */
  pending(): PendingClientRequest[] {
    return [...this.waiting.values()].map((waiting) => waiting.shown)
  }

  /** On quit: every open dialog is answered as cancelled. */
  cancelAll(): void {
    for (const waiting of [...this.waiting.values()]) waiting.settle({ kind: 'cancelled' })
  }

  private ask<R>(
    kind: Answer['kind'],
    server: McpServer,
    params: ElicitRequestParams | CreateMessageRequestParams,
    origin: RequestOrigin,
    log: ServerLogWriter,
    toResult: (outcome: Answer | { kind: 'timeout' | 'cancelled' }) => R
  ): Promise<R> {
    const requestId = randomUUID()
    const expiresAt = Date.now() + this.timeoutMs
    const { signal } = origin
    return new Promise<R>((resolve, reject) => {
      const done = (outcome: ClientRequestDoneEvent['outcome']) => {
        clearTimeout(timer)
        signal.removeEventListener('abort', onAbort)
        this.waiting.delete(requestId)
        this.emit('client-request-done', { requestId, outcome })
      }
      const settle: Waiting['settle'] = (answer) => {
        if (!this.waiting.has(requestId)) return
        done(answer.kind === 'timeout' ? 'timeout' : answer.kind === 'cancelled' ? 'cancelled' : 'answered')
        log('info', `${kind} request ${answer.kind === kind ? `answered: ${describe(answer as Answer)}` : answer.kind}`)
        try {
          resolve(toResult(answer))
        } catch (error) {
          reject(error)
        }
      }
      const timer = setTimeout(() => settle({ kind: 'timeout' }), this.timeoutMs)
      timer.unref?.()
      // the server gave up on its own request (notifications/cancelled)
      const onAbort = () => settle({ kind: 'cancelled' })
      signal.addEventListener('abort', onAbort, { once: true })
      const base = { requestId, serverId: server.id, serverName: server.name, expiresAt }
      const shown: PendingClientRequest =
        kind === 'elicitation'
          ? { kind, event: { ...base, params: params as ElicitRequestParams } }
          : { kind, event: { ...base, params: params as CreateMessageRequestParams } }
      this.waiting.set(requestId, { kind, origin, shown, askedAt: Date.now(), settle })
      log('info', `asks the user for ${kind === 'elicitation' ? 'input' : 'a model reply (sampling)'}`)
      if (shown.kind === 'elicitation') this.emit('elicitation-request', shown.event)
      else this.emit('sampling-request', shown.event)
      if (signal.aborted) onAbort()
    })
  }
}

/** A log line without the user's content: that may be private. */
function describe(answer: Answer): string {
  return answer.response.action
}
