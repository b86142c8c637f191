import { z } from 'zod'
import { redactText } from '@shared/mcp/redact'
import { ExportResultCode } from '@opentelemetry/core'
import { MASKED_VALUE, type TraceExportInput, type TraceExportSettings, type TraceExportTestResult } from '@shared/trace/exportSettings'
import { openSecrets, sealSecrets } from '../servers/secretFields'
import { ObservedExporter } from './observedExporter'
import { otlpExporter, otlpFromEnv, OTLP_SETTING_KEY, type OtlpSettings } from './otlp'
import { sendTestSpan } from './testSpan'
import type { Tracing } from './Tracing'

/** As written to `trace.otlp`: header values sealed like servers' (`{$enc}` where the platform encrypts). */
const StoredSchema = z.object({
  /** absent in files written by hand before the dialog existed: those meant on */
  enabled: z.boolean().optional(),
  endpoint: z.string(),
  headers: z.record(z.string(), z.unknown()).optional()
})

/** A test export waits this long for the collector, so the dialog answers while the user waits. */
const TEST_TIMEOUT_MS = 5000

interface Stored {
  enabled: boolean
  endpoint: string
  headers: Record<string, string>
  /** values that would not decrypt: named, never used */
  problems: string[]
}

export interface OtlpExportSettingDeps {
  tracing: Tracing
  storage: { getItem(key: string): Promise<string | null>; setItem(key: string, value: string): Promise<void> }
  encrypt?: (plain: string) => string
  decrypt?: (cipher: string) => string
  env?: NodeJS.ProcessEnv
}

/**
 * The OTLP export setting: read at start, changed from the Trace window's Export dialog
 * and applied at once to the running tracing. OTEL_EXPORTER_OTLP_* win over it when set.
 */
export class OtlpExportSetting {
  private readonly fromEnv: OtlpSettings | undefined
  private exporter: ObservedExporter | undefined
  private headerValues: string[] = []
  private readProblem: string | undefined
  private started: Promise<void> | undefined

  constructor(private readonly deps: OtlpExportSettingDeps) {
    this.fromEnv = otlpFromEnv(deps.env)
  }

  /** Applies the environment's collector, or else the stored setting. Never throws. */
  start(): Promise<void> {
    this.started ??= this.applyAtStart()
    return this.started
  }

  private async applyAtStart(): Promise<void> {
    if (this.fromEnv) {
      this.apply(this.fromEnv)
      return
    }
    const stored = await this.read().catch(() => undefined)
    if (stored) this.applyStored(stored)
  }

  /** The header values in use: scrubbed from errors like the servers' secrets. */
  secrets(): string[] {
    return this.headerValues
  }

  async get(): Promise<TraceExportSettings> {
    const stored = await this.read()
    return this.view(stored)
  }

  async set(input: TraceExportInput): Promise<TraceExportSettings> {
    // a save that comes before the start-up read finished is not undone by it
    await this.started
    const headers = await this.headersOf(input)
    const next: Stored = { enabled: input.enabled, endpoint: input.endpoint, headers, problems: [] }
    const sealed = sealSecrets({ enabled: next.enabled, endpoint: next.endpoint, headers: next.headers }, this.deps.encrypt)
    await this.deps.storage.setItem(OTLP_SETTING_KEY, JSON.stringify(sealed, null, 2))
    this.readProblem = undefined
    if (!this.fromEnv) this.applyStored(next)
    return this.view(next)
  }

  /** Sends one span to the collector the dialog shows, saved or not; saves nothing. */
  async test(input: TraceExportInput): Promise<TraceExportTestResult> {
    if (!input.endpoint) throw new Error('endpoint: enter the collector URL first')
    const headers = await this.headersOf(input)
    const result = await sendTestSpan(otlpExporter({ endpoint: input.endpoint, headers }, TEST_TIMEOUT_MS))
    if (result.code === ExportResultCode.SUCCESS) return { ok: true }
    const secrets = Object.values(headers)
    // the exporter's HTTP errors carry the status apart from the message ("Unauthorized")
    const status = (result.error as { code?: unknown } | undefined)?.code
    const message = result.error?.message || 'the collector did not take the span'
    return { ok: false, error: redactText(typeof status === 'number' ? `HTTP ${status}: ${message}` : message, { secrets }) }
  }

  /** The headers the dialog sent, a masked value meaning "keep what is stored". */
  private async headersOf(input: TraceExportInput): Promise<Record<string, string>> {
    const before = await this.read().catch(() => undefined)
    const headers: Record<string, string> = {}
    for (const { name, value } of input.headers) {
      const kept = value === MASKED_VALUE ? before?.headers[name] : value
      if (kept === undefined) throw new Error(`headers.${name}: enter the value again (the stored one is not there)`)
      headers[name] = kept
    }
    return headers
  }

  private view(stored: Stored | undefined): TraceExportSettings {
    const lastError = this.readProblem ?? stored?.problems[0] ?? this.exporter?.lastError
    return {
      enabled: stored?.enabled ?? false,
      endpoint: stored?.endpoint ?? '',
      headers: Object.keys(stored?.headers ?? {}).map((name) => ({ name, value: MASKED_VALUE })),
      ...(this.fromEnv ? { envEndpoint: this.fromEnv.endpoint } : {}),
      ...(lastError ? { lastError } : {})
    }
  }

  private applyStored(stored: Stored): void {
    if (stored.enabled && stored.endpoint && !stored.problems.length) this.apply({ endpoint: stored.endpoint, headers: stored.headers })
    else this.apply(undefined)
  }

  private apply(settings: OtlpSettings | undefined): void {
    this.headerValues = Object.values(settings?.headers ?? {})
    const redact = (text: string) => redactText(text, { secrets: this.headerValues })
    this.exporter = settings && new ObservedExporter(otlpExporter(settings), redact)
    this.deps.tracing.export.set(this.exporter)
  }

  private async read(): Promise<Stored | undefined> {
    const text = await this.deps.storage.getItem(OTLP_SETTING_KEY)
    if (!text) return undefined
    let parsed: z.infer<typeof StoredSchema>
    try {
      parsed = StoredSchema.parse(JSON.parse(text))
    } catch {
      this.readProblem = `${OTLP_SETTING_KEY}: the stored setting is not valid; save it again`
      return undefined
    }
    const { entry, problems } = openSecrets(parsed, this.deps.decrypt)
    const opened = entry as z.infer<typeof StoredSchema>
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(opened.headers ?? {})) if (typeof value === 'string') headers[name] = value
    return { enabled: opened.enabled ?? true, endpoint: opened.endpoint, headers, problems }
  }
}
