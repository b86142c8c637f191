import { z } from 'zod'

/** A header value as it comes back to the window; sent back unchanged, the stored value is kept. */
export { MASKED_VALUE } from '../mcp/extensions'

/** An HTTP header name as RFC 9110 allows it (a token). */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,200}$/, 'headers: a name may hold letters, digits and !#$%&\'*+.^_`|~- only')

/** The Trace window's Export dialog as sent to main: the collector and its headers, on or off. */
export const TraceExportInputSchema = z
  .object({
    enabled: z.boolean(),
    /** the traces URL, e.g. http://localhost:4318/v1/traces; may be empty while off */
    endpoint: z.string().trim().max(2000),
    headers: z.array(z.object({ name: headerName, value: z.string().max(8000) })).max(50)
  })
  .superRefine((input, ctx) => {
    if (!input.enabled && !input.endpoint) return
    if (!isHttpUrl(input.endpoint)) ctx.addIssue({ code: 'custom', path: ['endpoint'], message: 'endpoint: must be an http:// or https:// URL' })
  })
export type TraceExportInput = z.infer<typeof TraceExportInputSchema>

/** What `trace:get-export` answers: the stored setting (header values masked) and what overrides it. */
export interface TraceExportSettings {
  enabled: boolean
  endpoint: string
  headers: { name: string; value: string }[]
  /** the OTEL_EXPORTER_OTLP_* endpoint the app was started with: it wins over the setting */
  envEndpoint?: string
  /** the last failed export since the exporter was (re)set, redacted */
  lastError?: string
}

/** How a test span sent to the collector in the dialog went (`trace:test-export`). */
export interface TraceExportTestResult {
  ok: boolean
  /** why the collector did not take it, redacted */
  error?: string
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname
  } catch {
    return false
  }
}
