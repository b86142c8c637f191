/**
 * Splits a byte stream into lines without ever holding more than `maxLine` bytes of one line, so a
 * server that writes megabytes without a newline cannot grow memory without bound.
 *
 * It decodes all complete lines of a chunk at once (a newline byte never sits inside a multi-byte
 * UTF-8 character, so cutting at one is safe): a server flooding stderr costs one decode per chunk,
 * not one per line.
 */
export interface LineSplitterOptions {
  /**
   * Deliver at most this many lines per chunk, the newest ones, and count the rest with `onSkip`.
   * For a log that keeps only its last N lines anyway (stderr), never for a protocol stream.
   */
  keepLast?: number
  onSkip?: (lines: number) => void
}

/** A line over the limit, reported once when it ends: its size and its first and last bytes. */
export interface OverflowedLine {
  bytes: number
  /** up to EDGE_BYTES from the line's start and end (where a JSON-RPC id usually sits) */
  head: string
  tail: string
}

const EDGE_BYTES = 256

export class LineSplitter {
  private pending: Buffer[] = []
  private pendingBytes = 0
  /** set while the current line is over the limit: only its size and edges are kept */
  private overflow?: { bytes: number; head: Buffer; tail: Buffer }

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (line: OverflowedLine) => void,
    private readonly maxLine = 10 * 1024 * 1024,
    private readonly options: LineSplitterOptions = {}
  ) {
    const { keepLast } = options
    if (keepLast !== undefined && !(Number.isInteger(keepLast) && keepLast >= 1)) {
      throw new Error(`LineSplitter: keepLast must be a positive integer, got ${keepLast}`)
    }
  }

  push(chunk: Buffer): void {
    const firstNl = chunk.indexOf(10)
    if (this.overflow || (firstNl !== -1 && this.pendingBytes + firstNl > this.maxLine)) {
      if (firstNl === -1) return this.keep(chunk)
      // the oversized line ends here; what follows is a fresh start
      this.keep(chunk.subarray(0, firstNl))
      this.endOverflow()
      chunk = chunk.subarray(firstNl + 1)
    }
    const lastNl = chunk.lastIndexOf(10)
    if (lastNl !== -1) {
      const from = this.skipOlderLines(chunk, lastNl)
      if (from === -1) {
        const firstNl = chunk.indexOf(10)
        // the line that started in earlier chunks ends here
        if (this.pending.length) this.emit(Buffer.concat([...this.pending, chunk.subarray(0, firstNl)]).toString('utf8'))
        else this.emit(chunk.toString('utf8', 0, firstNl))
        if (lastNl > firstNl) this.emitAll(chunk.toString('utf8', firstNl + 1, lastNl))
      } else {
        this.emitAll(chunk.toString('utf8', from, lastNl))
      }
      this.pending = []
      this.pendingBytes = 0
    }
    this.keep(chunk.subarray(lastNl + 1))
  }

  /** The last line of a stream that did not end in a newline. */
  end(): void {
    if (this.overflow) this.endOverflow()
    if (this.pendingBytes > 0) this.emit(Buffer.concat(this.pending).toString('utf8'))
    this.pending = []
    this.pendingBytes = 0
  }

  /**
   * With `keepLast`, where the kept lines of this chunk start (-1: keep all). Walks back from the
   * end over newlines only, so skipped lines are never decoded.
   */
  private skipOlderLines(chunk: Buffer, lastNl: number): number {
    const keepLast = this.options.keepLast
    if (keepLast === undefined) return -1
    let start = lastNl
    for (let kept = 0; kept < keepLast; kept++) {
      const nl = start > 0 ? chunk.lastIndexOf(10, start - 1) : -1
      if (nl === -1) return -1 // fewer lines than keepLast: all of them, the pending one included
      start = nl
    }
    // lines ending at or before `start`, the pending one included, are skipped: count them
    let skipped = 1
    for (let nl = chunk.indexOf(10); nl !== -1 && nl < start; nl = chunk.indexOf(10, nl + 1)) skipped++
    this.options.onSkip?.(skipped)
    return start + 1
  }

  private emitAll(text: string): void {
    for (const line of text.split('\n')) this.emit(line)
  }

  private keep(rest: Buffer): void {
    if (rest.length === 0) return
    if (this.overflow) {
      this.overflow.bytes += rest.length
      this.overflow.tail = lastBytes(Buffer.concat([this.overflow.tail, lastBytes(rest)]))
      return
    }
    this.pendingBytes += rest.length
    this.pending.push(rest)
    if (this.pendingBytes > this.maxLine) {
      const all = Buffer.concat(this.pending)
      this.overflow = { bytes: all.length, head: Buffer.from(all.subarray(0, EDGE_BYTES)), tail: Buffer.from(lastBytes(all)) }
      this.pending = []
      this.pendingBytes = 0
    }
  }

  private endOverflow(): void {
    const { bytes, head, tail } = this.overflow!
    this.overflow = undefined
    this.onOverflow({ bytes, head: head.toString('utf8'), tail: tail.toString('utf8') })
  }

  private emit(line: string): void {
    this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line)
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length > EDGE_BYTES ? buffer.subarray(buffer.length - EDGE_BYTES) : buffer
}
