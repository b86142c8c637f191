import { ExportResultCode, type ExportResult } from '@opentelemetry/core'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base'

/**
 * An exporter that remembers how its last export went, so the Export dialog can say why spans do
 * not reach the collector. The message is redacted by the caller's `secrets` (the header values).
 */
export class ObservedExporter implements SpanExporter {
  lastError: string | undefined

  constructor(
    private readonly inner: SpanExporter,
    private readonly redact: (text: string) => string
  ) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      this.lastError = result.code === ExportResultCode.SUCCESS ? undefined : this.redact(result.error?.message || 'export failed')
      done(result)
    })
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown()
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve()
  }
}
