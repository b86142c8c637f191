import type { IdGenerator } from '@opentelemetry/sdk-trace-base'
import { RandomIds } from './randomIds'

/**
 * Ids for spans: random ones (`random`) when an operation starts (its `traceparent` goes to the
 * server at once), and the same ones again when that operation's OpenTelemetry span is built
 * later — the tracer asks its id generator, and this one answers with the span being built.
 */
export class PresetIds implements IdGenerator {
  readonly random = new RandomIds()
  private next: { traceId: string; spanId: string } | undefined

  generateTraceId(): string {
    return this.next?.traceId ?? this.random.traceId()
  }

  generateSpanId(): string {
    return this.next?.spanId ?? this.random.spanId()
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
