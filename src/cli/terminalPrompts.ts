import { createInterface, type Interface } from 'node:readline/promises'
import { visible, write } from './output'

/** Only with both a keyboard and a screen may the CLI ask; stdout stays the result. */
export function hasTerminal(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY)
}

/** Why a conversation ended before its questions were answered. */
export type EndReason = 'interrupted' | 'closed' | 'withdrawn'

export class ConversationEnded extends Error {
  constructor(readonly reason: EndReason) {
    super(`the conversation ended: ${reason}`)
    this.name = 'ConversationEnded'
  }
}

/** Text from a server on one line: a prompt with a line break in it would confuse line editing. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * The questions of one server request on the terminal: questions and notes on stderr, answers
 * from stdin. While it is open readline holds the terminal in raw mode, so Ctrl-C arrives here as
 * a key (not as SIGINT to the process) and ends this conversation only; Ctrl-D ends it too, and so
 * does `withdrawn` (the server gave up, or the CLI is stopping). Closing gives the terminal back.
 */
export class TerminalConversation {
  private readonly rl: Interface
  private readonly ended = new AbortController()
  private readonly onWithdrawn = () => this.end('withdrawn')

  constructor(private readonly withdrawn: AbortSignal) {
    this.rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true })
    this.rl.on('SIGINT', () => {
      // raw mode echoes nothing: show the key as a shell does, and leave the half-typed line
      process.stderr.write('^C\n')
      this.end('interrupted')
    })
    this.rl.on('close', () => this.end('closed'))
    withdrawn.addEventListener('abort', this.onWithdrawn, { once: true })
    if (withdrawn.aborted) this.end('withdrawn')
  }

  /** A note for the user; what the server sent is escaped (no terminal sequences). */
  say(text: string): Promise<void> {
    return write(process.stderr, `${visible(text)}\n`)
  }

  /** One answer, as typed; throws ConversationEnded on Ctrl-C, Ctrl-D or a withdrawn request. */
  async ask(question: string): Promise<string> {
    this.throwIfEnded()
    try {
      return await this.rl.question(visible(question), { signal: this.ended.signal })
    } catch (error) {
      this.throwIfEnded()
      throw error
    }
  }

  close(): void {
    this.withdrawn.removeEventListener('abort', this.onWithdrawn)
    this.end('closed')
    this.rl.close()
  }

  private end(reason: EndReason): void {
    if (!this.ended.signal.aborted) this.ended.abort(new ConversationEnded(reason))
  }

  private throwIfEnded(): void {
    if (this.ended.signal.aborted) throw this.ended.signal.reason as ConversationEnded
  }
}
