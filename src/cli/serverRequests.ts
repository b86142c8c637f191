import type { ElicitationRequestEvent, ElicitationResponse, SamplingRequestEvent } from '@shared/ipc/contract'
import type { Platform } from '../main/platform/Platform'
import type { McpHost } from '../main/services/mcp/mcpHost'
import type { ServerRequestPolicy } from './answerFlags'
import { askForm, defaultContent } from './elicitationForm'
import { askToOpenLink } from './linkPrompt'
import { err } from './output'
import type { CliSampler } from './samplingModel'
import { askSampling } from './samplingPrompt'
import { ConversationEnded, hasTerminal, oneLine, TerminalConversation } from './terminalPrompts'

/** What the user is told on stderr when the CLI answers for them. */
function quoted(text: string): string {
  return `"${oneLine(text, 100)}"`
}

function lastText(event: SamplingRequestEvent): string {
  for (const message of [...event.params.messages].reverse()) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content]
    const text = blocks.find((b) => b.type === 'text')
    if (text && 'text' in text) return quoted(text.text)
  }
  return `${event.params.messages.length} message(s)`
}

interface Options {
  service: McpHost
  openExternal: Platform['openExternal']
  policy: ServerRequestPolicy
  /** a keyboard and a screen (stdin and stderr are TTYs) */
  terminal?: boolean
  /** --sampling model: the model that writes the replies */
  sampler?: CliSampler
}

/**
 * The CLI's answer to elicitation and sampling, through the same typed events and answer methods
 * as the app's dialogs. With a terminal (and no flag saying otherwise) the user is asked, one
 * request at a time; without one, or with --elicitation / --sampling, the CLI answers at once and
 * says so on stderr, so a script never waits for a question nobody can see.
 */
export function answerServerRequests({ service, openExternal, policy, terminal = hasTerminal(), sampler }: Options): () => void {
  // requests waiting for (or at) the terminal: the server may withdraw them, or time runs out
  const open = new Map<string, AbortController>()
  let queue = Promise.resolve()
  /** One request at a time on the terminal; `onEnded` answers for a user who pressed Ctrl-C or Ctrl-D. */
  const enqueue = (event: { requestId: string; serverName: string }, converse: (talk: TerminalConversation) => Promise<void>, onEnded: () => void) => {
    const withdrawn = new AbortController()
    open.set(event.requestId, withdrawn)
    queue = queue.then(async () => {
      if (withdrawn.signal.aborted) return
      const talk = new TerminalConversation(withdrawn.signal)
      try {
        await converse(talk)
      } catch (error) {
        if (!(error instanceof ConversationEnded)) {
          await err(`error: could not ask on the terminal: ${(error as Error).message}`)
          onEnded()
        } else if (error.reason === 'withdrawn') {
          const why = withdrawn.signal.reason === 'timeout' ? ' (nobody answered in time)' : ''
          await err(`\nno longer waiting for your answer to ${event.serverName}'s request${why}`)
        } else onEnded()
      } finally {
        talk.close()
        open.delete(event.requestId)
      }
    })
  }

  const answerElicitation = (requestId: string, response: ElicitationResponse) => service.respondElicitation({ requestId, response })

  const onElicitation = (event: ElicitationRequestEvent) => {
    const { requestId, serverName, params } = event
    const decline = (why: string) => {
      answerElicitation(requestId, { action: 'decline' })
      void err(`declined ${params.mode === 'url' ? 'a link' : 'elicitation'} from ${serverName}: ${quoted(params.message)} (${why})`)
    }
    if (policy.elicitation === 'decline') return decline('--elicitation decline')
    if (policy.elicitation === 'accept-defaults') {
      if (params.mode === 'url') return decline('--elicitation accept-defaults opens no links')
      const outcome = defaultContent(params.requestedSchema)
      if ('missing' in outcome) return decline(`required field "${outcome.missing}" has no default; --elicitation accept-defaults`)
      answerElicitation(requestId, { action: 'accept', content: outcome.content })
      void err(`accepted elicitation from ${serverName} with the defaults: ${quoted(params.message)}`)
      return
    }
    if (!terminal) return decline('no terminal; use --elicitation accept-defaults')
    const cancel = () => {
      answerElicitation(requestId, { action: 'cancel' })
      void err(`cancelled the request from ${serverName}`)
    }
    enqueue(
      event,
      async (talk) => {
        if (params.mode === 'url') {
          const agreed = await askToOpenLink(serverName, params, talk, openExternal)
          answerElicitation(requestId, { action: agreed ? 'accept' : 'decline' })
          return
        }
        await talk.say(`${serverName} asks: ${params.message}`)
        const outcome = await askForm(params, talk)
        if ('missing' in outcome) return decline(`the field "${outcome.missing}" has a type the CLI cannot ask for`)
        answerElicitation(requestId, { action: 'accept', content: outcome.content })
        await talk.say(`sent your answers to ${serverName}`)
      },
      cancel
    )
  }

  const onSampling = (event: SamplingRequestEvent) => {
    const { requestId, serverName, params } = event
    const reject = (reason: string, note = reason) => {
      service.respondSampling({ requestId, response: { action: 'reject', reason } })
      void err(`declined sampling from ${serverName}: ${lastText(event)} (${note})`)
    }
    if (policy.sampling === 'decline') return reject('declined with --sampling decline', '--sampling decline')
    if (policy.sampling === 'model' && sampler) {
      // the model answers; a request the server withdraws (or that times out) stops it
      const withdrawn = new AbortController()
      open.set(requestId, withdrawn)
      void sampler(params, withdrawn.signal)
        .then(
          (reply) => {
            service.respondSampling({ requestId, response: { action: 'approve', text: reply.text, model: reply.model, stopReason: reply.stopReason } })
            return err(`sampling from ${serverName} answered by the model ${reply.model}: ${quoted(reply.text)}`)
          },
          (error: Error) => {
            if (!withdrawn.signal.aborted) reject(`the model could not answer: ${error.message}`, `--sampling model: ${error.message}`)
          }
        )
        .finally(() => open.delete(requestId))
      return
    }
    if (!terminal) return reject('the CLI has no terminal to ask the user on', 'no terminal to ask on')
    enqueue(
      event,
      async (talk) => {
        const reply = await askSampling(serverName, params, talk)
        if (reply === undefined) return reject('the user gave no reply', 'no reply')
        service.respondSampling({ requestId, response: { action: 'approve', text: reply, model: 'human', stopReason: 'endTurn' } })
      },
      () => reject('the user pressed Ctrl-C', 'Ctrl-C')
    )
  }

  // over without the user: a server's notifications/cancelled, the 5-minute limit, or the CLI stopping
  const onDone = ({ requestId, outcome }: { requestId: string; outcome: string }) => {
    if (outcome !== 'answered') open.get(requestId)?.abort(outcome)
  }

  const { events } = service
  events.on('elicitation-request', onElicitation)
  events.on('sampling-request', onSampling)
  events.on('client-request-done', onDone)
  return () => {
    events.off('elicitation-request', onElicitation)
    events.off('sampling-request', onSampling)
    events.off('client-request-done', onDone)
    for (const withdrawn of open.values()) withdrawn.abort()
  }
}
