import type { ChildProcess } from 'node:child_process'
import spawn from 'cross-spawn'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ErrorCode, JSONRPCMessageSchema, JSONRPCNotificationSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { LineSplitter, type OverflowedLine } from './lineSplitter'
import { descendantsOf, killSurvivors } from '../../processes/descendants'
import { trackChild } from '../../processes/liveChildren'

/**
 * The largest message a server may send (one line of stdout). Generous for images and long texts,
 * small enough that a runaway server cannot exhaust memory; a reply over it fails its request at
 * once, in words, instead of being dropped and waiting out the timeout.
 */
export const STDIO_MAX_MESSAGE_BYTES = 32 * 1024 * 1024
/** `data.reason` of the error a request gets when its reply was over the limit */
export const REPLY_TOO_LARGE = 'reply-too-large'

/** As many stderr lines per chunk as the server log keeps in all */
const STDERR_KEEP_PER_CHUNK = 200

/**
 * Stdio transport that owns its child process. Why not the SDK's StdioClientTransport: it
 * hides the process (no exit code for "exited with code 1 during start"), loses non-JSON stdout
 * lines (we log them, level `stdout`, and carry on), and cannot end the process group (an `npx`
 * wrapper leaves its real server behind). Same wire format: one JSON-RPC message per line.
 */

export interface StdioProcessOptions {
  command: string
  args: string[]
  env: Record<string, string>
  cwd?: string
  onStderrLine?: (line: string) => void
  /** a stdout line that is not JSON-RPC: logged, never fatal */
  onStdoutNoise?: (line: string) => void
  /** how long each step of stopping waits (stdin closed → SIGTERM → SIGKILL) */
  stopGraceMs?: number
}

export interface ProcessExit {
  code: number | null
  signal: NodeJS.Signals | null
}

const STDERR_TAIL = 20
// after the process exits, its last output may still be in the pipes
const FLUSH_WAIT_MS = 250
const POSIX = process.platform !== 'win32'

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

export class StdioProcessTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private child?: ChildProcess
  private exitInfo?: ProcessExit
  private readonly stderrTail: string[] = []
  private stopping?: Promise<void>
  private closeFired = false
  private stdinClosed = false
  private resolveExit!: () => void
  private readonly exitedRaw = new Promise<void>((resolve) => (this.resolveExit = resolve))
  private resolveDone!: () => void
  /** the process is gone, its output read and onclose called */
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve))

  private untrack: () => void = () => undefined

  constructor(private readonly options: StdioProcessOptions) {}

  get pid(): number | undefined {
    return this.child?.pid
  }

  /** how the process ended, once it has */
  get exit(): ProcessExit | undefined {
    return this.exitInfo
  }

  lastStderrLines(): string[] {
    return [...this.stderrTail]
  }

  start(): Promise<void> {
    if (this.child) throw new Error('StdioProcessTransport already started')
    const { command, args, env, cwd } = this.options
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, {
        env,
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        // its own process group, so stopping it also ends what it started (npx → node server)
        detached: POSIX
      })
      this.child = child
      // a crash of this process must still be able to end it (processes/crashGuard)
      if (child.pid !== undefined) this.untrack = trackChild(child.pid)
      let spawned = false
      const streamsClosed = new Promise<void>((r) => child.once('close', () => r()))
      child.once('spawn', () => {
        spawned = true
        resolve()
      })
      child.once('error', (error) => {
        if (!spawned) {
          reject(error)
          void this.finish({ code: null, signal: null }, Promise.resolve())
        } else {
          this.onerror?.(error)
        }
      })
      child.once('exit', (code, signal) => void this.finish({ code, signal }, streamsClosed))

      const stdout = new LineSplitter(
        (line) => this.handleLine(line),
        (line) => this.handleOversized(line),
        STDIO_MAX_MESSAGE_BYTES
      )
      child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk))
      child.stdout!.on('end', () => stdout.end())
      // only the lines the 200-entry log could keep are decoded; the rest are counted
      let skipped = 0
      let skipReportedAt = 0
      const stderr = new LineSplitter(
        (line) => this.handleStderr(line),
        ({ bytes }) => this.handleStderr(`(a stderr line of ${bytes} bytes was dropped: longer than the log keeps)`),
        64 * 1024,
        {
          keepLast: STDERR_KEEP_PER_CHUNK,
          onSkip: (lines) => {
            skipped += lines
            if (Date.now() - skipReportedAt < 1000) return
            skipReportedAt = Date.now()
            this.handleStderr(`(${skipped} stderr lines skipped: the server writes faster than its log keeps lines)`)
            skipped = 0
          }
        }
      )
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr.push(chunk)
        // one chunk per event-loop turn: a reply waiting on stdout is never stuck behind a flood;
        // the pipe's backpressure slows the flooding server instead of us
        child.stderr!.pause()
        setImmediate(() => child.stderr!.resume())
      })
      child.stderr!.on('end', () => stderr.end())
      // EPIPE once the server has died; its exit is what we report, via onclose
      child.stdin!.on('error', () => undefined)
    })
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin
    if (!stdin || this.exitInfo || !stdin.writable) return Promise.reject(new Error('Not connected'))
    return new Promise((resolve) => {
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve()
      else {
        stdin.once('drain', resolve)
        void this.exitedRaw.then(resolve)
      }
    })
  }

  /** Ends the server the polite way first: stdin closed, then SIGTERM, then SIGKILL. */
  close(): Promise<void> {
    this.stopping ??= this.stop()
    return this.stopping
  }

  private async stop(): Promise<void> {
    const child = this.child
    if (!child || child.pid === undefined) {
      this.fireClose()
      return
    }
    const grace = this.options.stopGraceMs ?? 2000
    const exitedWithin = (ms: number) => Promise.race([this.exitedRaw.then(() => true), delay(ms).then(() => false)])
    // noted while the server still holds them: once it exits, a child that left its process
    // group (setsid) is the init process's and can no longer be told from any other
    const below = this.exitInfo ? [] : descendantsOf(child.pid)
    if (!this.exitInfo) {
      this.stdinClosed = true
      child.stdin?.end()
      if (!(await exitedWithin(grace))) {
        this.signal('SIGTERM')
        if (!(await exitedWithin(grace))) {
          this.signal('SIGKILL')
          await exitedWithin(grace)
        }
      }
    }
    await this.done
    // what the group signals reached is gone; what escaped the group is ended by name
    killSurvivors(below)
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child?.pid
    if (pid === undefined) return
    try {
      if (POSIX) process.kill(-pid, signal)
      else this.child!.kill(signal)
    } catch {
      // already gone
    }
  }

  private async finish(exit: ProcessExit, streamsClosed: Promise<void>): Promise<void> {
    if (this.exitInfo) return
    this.exitInfo = exit
    this.resolveExit()
    await Promise.race([streamsClosed, delay(FLUSH_WAIT_MS)])
    // children the server left behind in its group (and that may hold our pipes) go with it
    this.signal('SIGTERM')
    this.untrack()
    this.fireClose()
    this.resolveDone()
  }

  private fireClose(): void {
    if (this.closeFired) return
    this.closeFired = true
    this.onclose?.()
  }

  private handleLine(line: string): void {
    const text = line.trim()
    if (!text) return
    let message: JSONRPCMessage
    try {
      if (text[0] !== '{') throw new Error('not JSON')
      const parsed: unknown = JSON.parse(text)
      // a notification checked against its own schema: the union tries a request first, and
      // its failure (issues built, then thrown away) costs more than the rest of a log line
      message = isNotification(parsed) ? JSONRPCNotificationSchema.parse(parsed) : JSONRPCMessageSchema.parse(parsed)
    } catch {
      this.options.onStdoutNoise?.(line)
      return
    }
    // a request made after its stdin closed can never be answered: the server waits on us, not
    // on its own shutdown, so it gets SIGTERM now instead of at the end of the grace
    if (this.stdinClosed && 'method' in message && 'id' in message) this.signal('SIGTERM')
    this.onmessage?.(message)
  }

  /**
   * A message over the limit is never parsed. When it is a reply (the id sits at its start or
   * end), its request fails now with the sizes; anything else is logged and dropped.
   */
  private handleOversized({ bytes, head, tail }: OverflowedLine): void {
    const size = `${formatMb(bytes)} MB, over the ${formatMb(STDIO_MAX_MESSAGE_BYTES)} MB limit`
    const id = /^\s*\{\s*"method"\s*:/.test(head) ? undefined : replyId(head, tail)
    if (id === undefined) {
      this.options.onStdoutNoise?.(`(dropped a message of ${size})`)
      return
    }
    this.options.onStdoutNoise?.(`(dropped the reply to request ${JSON.stringify(id)}: ${size})`)
    this.onmessage?.({
      jsonrpc: '2.0',
      id,
      error: {
        code: ErrorCode.InternalError,
        message: `the server's reply was ${size}`,
        data: { reason: REPLY_TOO_LARGE, bytes, limitBytes: STDIO_MAX_MESSAGE_BYTES }
      }
    })
  }

  private handleStderr(line: string): void {
    if (!line.trim()) return
    this.stderrTail.push(line)
    if (this.stderrTail.length > STDERR_TAIL) this.stderrTail.shift()
    this.options.onStderrLine?.(line)
  }
}

function isNotification(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'method' in value && !('id' in value)
}

const ID = String.raw`"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")`
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*` + ID)
const ID_LAST = new RegExp(ID + String.raw`\s*\}\s*$`)

/** The id of a JSON-RPC reply from its first or last bytes (the SDK writes it last). */
function replyId(head: string, tail: string): string | number | undefined {
  const raw = ID_LAST.exec(tail)?.[1] ?? ID_FIRST.exec(head)?.[1]
  if (raw === undefined) return undefined
  try {
    const id: unknown = JSON.parse(raw)
    return typeof id === 'number' || typeof id === 'string' ? id : undefined
  } catch {
    return undefined
  }
}

const formatMb = (bytes: number) => {
  const mb = bytes / (1024 * 1024)
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1)
}
