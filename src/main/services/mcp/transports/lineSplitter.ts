/**
 * Splits a byte stream into lines without ever holding more than `maxLine` bytes of one line, so a
 * server that writes megabytes without a newline cannot grow memory without bound.
 */
export class LineSplitter {
  private pending: Buffer[] = []
  private pendingBytes = 0

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (bytes: number) => void,
    private readonly maxLine = 10 * 1024 * 1024
  ) {}

  push(chunk: Buffer): void {
    let start = 0
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.emit(chunk.subarray(start, nl))
      start = nl + 1
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start)
      this.pendingBytes += rest.length
      if (this.pendingBytes > this.maxLine) {
        this.onOverflow(this.pendingBytes)
        this.pending = []
        this.pendingBytes = 0
      } else {
        this.pending.push(rest)
      }
    }
  }

  /** The last line of a stream that did not end in a newline. */
  end(): void {
    if (this.pendingBytes > 0) this.emit(Buffer.alloc(0))
  }

  private emit(tail: Buffer): void {
    const bytes = this.pending.length ? Buffer.concat([...this.pending, tail]) : tail
    this.pending = []
    this.pendingBytes = 0
    this.onLine(bytes.toString('utf8').replace(/\r$/, ''))
  }
}
