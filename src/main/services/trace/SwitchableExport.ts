import type { Context } from '@opentelemetry/api'
import { BatchSpanProcessor, type ReadableSpan, type Span, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base'

/**
 * The export half of tracing, which can be turned on, changed or off while the app runs (the
 * provider's processors are fixed when it is made). Off by default: no exporter, no cost.
 */
export class SwitchableExport implements SpanProcessor {
  private inner: BatchSpanProcessor | undefined

  /** Replaces the exporter; what the old one still held is sent first, in the background. */
  set(exporter: SpanExporter | undefined): void {
    const old = this.inner
    this.inner = exporter && new BatchSpanProcessor(exporter, { scheduledDelayMillis: 500 })
    void old?.shutdown().catch(() => undefined)
  }

  get enabled(): boolean {
    return this.inner !== undefined
  }

  onStart(span: Span, parentContext: Context): void {
    this.inner?.onStart(span, parentContext)
  }

  onEnd(span: ReadableSpan): void {
    this.inner?.onEnd(span)
  }

  async forceFlush(): Promise<void> {
    await this.inner?.forceFlush().catch(() => undefined)
  }

  async shutdown(): Promise<void> {
    await this.inner?.shutdown().catch(() => undefined)
  }
}
