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

export class LineSplitter {
  private pending: Buffer[] = []
  private pendingBytes = 0

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (bytes: number) => void,
    private readonly maxLine = 10 * 1024 * 1024,
    private readonly options: LineSplitterOptions = {}
  ) {
    const { keepLast } = options
    if (keepLast !== undefined && !(Number.isInteger(keepLast) && keepLast >= 1)) {
      throw new Error(`LineSplitter: keepLast must be a positive integer, got ${keepLast}`)
    }
  }

  push(chunk: Buffer): void {
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
    this.pendingBytes += rest.length
    if (this.pendingBytes > this.maxLine) {
      this.onOverflow(this.pendingBytes)
      this.pending = []
      this.pendingBytes = 0
    } else {
      this.pending.push(rest)
    }
  }

  private emit(line: string): void {
    this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line)
  }
}
