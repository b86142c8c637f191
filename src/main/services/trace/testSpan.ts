import { ExportResultCode, type ExportResult } from '@opentelemetry/core'
import { BasicTracerProvider, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base'

/** The span the Export dialog's test sends: named so it is easy to find in the collector. */
export const TEST_SPAN_NAME = 'mcp-studio.test-span'

/**
 * Sends one span straight to `exporter` (no batching) and says how it went, for the dialog's
 * "Send a test span": a team sees at once whether the URL and headers are right.
 */
export async function sendTestSpan(exporter: SpanExporter): Promise<ExportResult> {
  // a provider of its own: the test span is in no store and in no other export
  const span = new BasicTracerProvider().getTracer('mcp-studio').startSpan(TEST_SPAN_NAME, { attributes: { 'mcp.test': true } })
  span.end()
  try {
    // the SDK's spans are readable spans; the API type only hides that
    return await new Promise<ExportResult>((resolve) => exporter.export([span as unknown as ReadableSpan], resolve))
  } catch (error) {
    return { code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) }
  } finally {
    await exporter.shutdown().catch(() => undefined)
  }
}
