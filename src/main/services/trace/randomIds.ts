import { randomBytes } from 'node:crypto'

/** Random bytes per refill: 128 trace ids with their span ids. */
const POOL_BYTES = 3072
const ZERO_TRACE = '0'.repeat(32)
const ZERO_SPAN = '0'.repeat(16)

/**
 * W3C trace and span ids (32 and 16 lowercase hex characters, never all zeros), cut from a pool
 * of random hex made in one go. Every call needs both before it is sent, and OpenTelemetry's
 * generator (a Buffer written and hex-encoded per id) cost a call more than the rest of its
 * unread span. Cryptographic randomness, as the W3C spec recommends for ids.
 */
export class RandomIds {
  private pool = ''
  private at = 0

  /** `hex(n)`: n random bytes as hex; the system's CSPRNG unless a test gives its own */
  constructor(private readonly hex: (bytes: number) => string = (bytes) => randomBytes(bytes).toString('hex')) {}

  traceId(): string {
    const id = this.take(32)
    return id === ZERO_TRACE ? this.traceId() : id
  }

  spanId(): string {
    const id = this.take(16)
    return id === ZERO_SPAN ? this.spanId() : id
  }

  private take(length: number): string {
    if (this.at + length > this.pool.length) {
      this.pool = this.hex(POOL_BYTES)
      this.at = 0
    }
    return this.pool.slice(this.at, (this.at += length))
  }
}
