import { RandomIdGenerator, type IdGenerator } from '@opentelemetry/sdk-trace-base'

/**
 * Ids for spans: random ones when an operation starts (its `traceparent` goes to the server at
 * once), and the same ones again when that operation's OpenTelemetry span is built later — the
 * tracer asks its id generator, and this one answers with the span being built.
 */
export class PresetIds implements IdGenerator {
  private readonly random = new RandomIdGenerator()
  private next: { traceId: string; spanId: string } | undefined

  generateTraceId(): string {
    return this.next?.traceId ?? this.random.generateTraceId()
  }

  generateSpanId(): string {
    return this.next?.spanId ?? this.random.generateSpanId()
  }

  /** Runs `fn` (which starts one span) answering with `ids`. */
  using<T>(ids: { traceId: string; spanId: string }, fn: () => T): T {
    this.next = ids
    try {
      return fn()
    } finally {
      this.next = undefined
    }
  }
}
