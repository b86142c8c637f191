import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import type { SpanExporter } from '@opentelemetry/sdk-trace-base'
import { z } from 'zod'

/** Where spans also go: an OTLP/HTTP collector (Jaeger, Tempo, an OpenTelemetry Collector). */
export const OtlpSettingsSchema = z.object({
  /** the traces URL, e.g. http://localhost:4318/v1/traces */
  endpoint: z.string().url(),
  headers: z.record(z.string(), z.string()).optional()
})
export type OtlpSettings = z.infer<typeof OtlpSettingsSchema>

/** The storage key of the app's setting (OtlpExportSetting reads and writes it; the environment wins). */
export const OTLP_SETTING_KEY = 'trace.otlp'

/** `k1=v1,k2=v2` as the OpenTelemetry spec writes headers (values URL-encoded). */
export function parseOtlpHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=')
    if (at <= 0) continue
    const name = pair.slice(0, at).trim()
    const value = pair.slice(at + 1).trim()
    try {
      headers[name] = decodeURIComponent(value)
    } catch {
      headers[name] = value
    }
  }
  return headers
}

/**
 * The standard variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, or OTEL_EXPORTER_OTLP_ENDPOINT
 * with `/v1/traces` added (as the spec says); headers from the matching _HEADERS variable.
 */
export function otlpFromEnv(env: NodeJS.ProcessEnv = process.env): OtlpSettings | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
  const endpoint = traces || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined)
  if (!endpoint) return undefined
  const headers = { ...parseOtlpHeaders(env.OTEL_EXPORTER_OTLP_HEADERS), ...parseOtlpHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS) }
  const parsed = OtlpSettingsSchema.safeParse({ endpoint, headers })
  return parsed.success ? parsed.data : undefined
}

/** OTLP/HTTP with JSON bodies; a dead collector costs an export, never a call (it runs batched). */
export function otlpExporter(settings: OtlpSettings, timeoutMs = 10_000): SpanExporter {
  return new OTLPTraceExporter({ url: settings.endpoint, headers: settings.headers, timeoutMillis: timeoutMs })
}
