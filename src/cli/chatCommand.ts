import { DEFAULT_MODEL_OPTIONS, modelOptionsOf } from '@shared/chat/chatSettings'
import { redactText } from '@shared/mcp/redact'
import type { McpServer } from '@shared/mcp/server'
import { ChatSettingsStore } from '../main/services/chat/ChatSettingsStore'
import { chatServers, listChatTools } from '../main/services/chat/chatTools'
import { runChatTurn, type ChatEvent, type ChatToolCall } from '../main/services/chat/chatTurn'
import { providerFailure } from '../main/services/chat/providerErrors'
import { chatModel, listModels } from '../main/services/chat/providers'
import { redactingFetch } from '../main/services/chat/redactingFetch'
import { FileStorage } from '../main/services/storage/FileStorage'
import type { ChatTracer } from '../main/services/chat/chatTracing'
import { chatTracer } from '../main/services/trace/chatSpans'
import type { Tracing } from '../main/services/trace/Tracing'
import type { ChatCommand } from './args'
import { progressLine } from './callTool'
import { resolveChatProvider } from './chatProvider'
import type { CommandContext } from './commands'
import { findServer, type LoadedConfig } from './config'
import { CliError, ExitCode } from './errors'
import { err, outJson, visible, write } from './output'
import { renderTraceTree, traceTree, type TraceNode } from './traceTree'
import { ConversationEnded, hasTerminal, oneLine, TerminalConversation } from './terminalPrompts'

/** The servers named with --servers (each must be runnable), else every switched-on, approved one. */
function pickServers(config: LoadedConfig, names: string[] | undefined): McpServer[] {
  if (names) return names.map((name) => findServer(config, name))
  const waiting = new Set(config.missingInputs?.flatMap((input) => input.servers) ?? [])
  return chatServers(config.servers, config.isApproved).filter((s) => !waiting.has(s.name))
}

/**
 * The turn's tracer, noting which trace the turn is: every command traces when a collector is
 * set, and `--trace` prints this one.
 */
function turnTracer(tracing: Tracing | undefined): { tracer?: ChatTracer; spans: () => TraceNode[] } {
  if (!tracing) return { spans: () => [] }
  const tracer = chatTracer(tracing)
  let traceId: string | undefined
  return {
    tracer: {
      turn: (info) => {
        const turn = tracer.turn(info)
        traceId = turn?.traceId
        return turn
      }
    },
    spans: () => (traceId ? traceTree(tracing.store.get(traceId)) : [])
  }
}

const short = (value: unknown) => oneLine(JSON.stringify(value) ?? '', 120)

/**
 * Asks y/N on the terminal, one call at a time; with no terminal every call is denied (a script
 * never waits for a question nobody sees), as server requests are.
 */
function terminalApproval(signal: AbortSignal): (call: ChatToolCall) => Promise<boolean> {
  const terminal = hasTerminal()
  let queue: Promise<unknown> = Promise.resolve()
  return (call) => {
    if (!terminal) {
      return err(`denied ${call.server}/${call.tool}: no terminal to ask on (pass --approve-tools all to allow tool calls)`).then(() => false)
    }
    const asked = queue.then(async () => {
      const talk = new TerminalConversation(signal)
      try {
        const answer = await talk.ask(`run ${call.server}/${call.tool} ${short(call.input)}? [y/N] `)
        return /^y(es)?$/i.test(answer.trim())
      } catch (error) {
        if (error instanceof ConversationEnded) return false
        throw error
      } finally {
        talk.close()
      }
    })
    queue = asked.catch(() => undefined)
    return asked
  }
}

/**
 * `chat MESSAGE`: one turn with a model (OpenAI-compatible, Anthropic or Gemini), which may call the
 * servers' tools through the same MCPService as every other command. The answer streams to
 * stdout (or comes as one JSON object with --json); tool calls and results go to stderr.
 */
export async function chatCommand(command: ChatCommand, ctx: CommandContext): Promise<number> {
  const provider = await resolveChatProvider(command, ctx.userDataDir)
  // the app's Settings → Chat; --max-steps wins over its step limit
  const settings = await new ChatSettingsStore(new FileStorage(ctx.userDataDir)).get()
  const maxSteps = command.maxSteps ?? settings.maxSteps
  // a model the app saved runs with its options there (takes images, tools in the prompt)
  const { saved } = provider
  const options = saved ? modelOptionsOf(settings, saved.providerId, saved.model) : DEFAULT_MODEL_OPTIONS
  const servers = pickServers(ctx.config, command.servers)
  const tools = await listChatTools(ctx.service, servers)
  // an endpoint may quote the key back in its error: never on the terminal
  const withoutKey = (message: string) => redactText(message, { secrets: provider.apiKey ? [provider.apiKey] : [] })
  let model = provider.model
  if (!model) {
    ;[model] = await listModels(provider, globalThis.fetch, ctx.signal).catch((error: unknown) => {
      if (ctx.signal.aborted) throw error
      throw new CliError(withoutKey(providerFailure(error, provider).message), ExitCode.Failure)
    })
    if (!model) throw new CliError(`the model provider at ${provider.baseUrl} lists no models; pass --model M`, ExitCode.Failure)
  }
  // what leaves for the provider is scrubbed of every secret the servers were started with
  const llm = chatModel({ ...provider, model }, redactingFetch(() => ctx.service.secrets.values()))

  let midLine = false
  const stderrLine = (text: string) => {
    if (midLine) process.stdout.write('\n')
    midLine = false
    void err(text)
  }
  const onEvent = (event: ChatEvent) => {
    switch (event.type) {
      case 'text':
        if (command.json) return
        process.stdout.write(visible(event.text))
        midLine = !event.text.endsWith('\n')
        return
      case 'tool-call':
        return stderrLine(`tool: ${event.call.server}/${event.call.tool} ${short(event.call.input)}`)
      case 'tool-progress':
        return stderrLine(`  ${progressLine(event.progress)}`)
      case 'tool-result':
        return stderrLine(`  ${event.call.status}: ${oneLine(event.call.result, 160)}`)
      case 'step-limit':
        return stderrLine(
          `stopped after ${event.steps} model calls: the model still wanted to call tools (the step limit: --max-steps N, or Settings → Chat in the app)`
        )
    }
  }

  const traced = turnTracer(ctx.tracing)
  const keys = () => (provider.apiKey ? [provider.apiKey] : [])
  // the kind too: a failure names the key's variable of that kind
  const where = { kind: provider.kind, baseUrl: provider.baseUrl, model }
  let result
  try {
    result = await runChatTurn({
      host: ctx.service,
      model: llm,
      provider: where,
      tools,
      messages: [{ role: 'user', content: command.message }],
      maxSteps,
      maxResultChars: settings.maxToolResultChars,
      images: options.images,
      toolMode: options.toolMode,
      approval: command.approveTools,
      ask: terminalApproval(ctx.signal),
      onEvent,
      signal: ctx.signal,
      // a command line fails fast and says why; the user runs it again
      maxRetries: 0,
      trace: traced.tracer && { tracer: traced.tracer, secrets: keys }
    })
  } catch (error) {
    if (ctx.signal.aborted) throw error
    // a turn that failed: its spans say where, before the error itself
    if (command.trace) await err(`trace:\n${renderTraceTree(traced.spans())}`)
    throw new CliError(withoutKey(providerFailure(error, where).message), ExitCode.Failure)
  }
  if (midLine) await write(process.stdout, '\n')
  if (command.json) {
    await outJson({
      answer: result.text,
      model,
      toolCalls: result.toolCalls.map(({ server, tool, id, input, status, result: text }) => ({ server, tool, id, input, status, result: text })),
      usage: result.usage && { inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens, totalTokens: result.usage.totalTokens },
      steps: result.steps,
      stepLimitReached: result.stepLimitReached,
      ...(command.trace && { trace: traced.spans() })
    })
  } else if (command.trace) await err(`trace:\n${renderTraceTree(traced.spans())}`)
  if (result.stepLimitReached) return ExitCode.Failure
  if (!result.text.trim()) {
    await err('the model gave no answer')
    return ExitCode.Failure
  }
  return ExitCode.Ok
}
