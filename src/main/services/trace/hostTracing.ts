import { OtlpExportSetting } from './OtlpExportSetting'
import { Tracing } from './Tracing'

/**
 * The app's tracing: always into the store the Trace window reads; also to a collector when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set or, failing that, the stored setting names one (the Export
 * dialog changes it while the app runs).
 */
export function hostTracing(deps: {
  secrets: () => readonly string[]
  storage: { getItem(key: string): Promise<string | null>; setItem(key: string, value: string): Promise<void> }
  encrypt?: (plain: string) => string
  decrypt?: (cipher: string) => string
  env?: NodeJS.ProcessEnv
}): { tracing: Tracing; otlp: OtlpExportSetting } {
  const tracing = new Tracing({ secrets: deps.secrets })
  const otlp = new OtlpExportSetting({ tracing, storage: deps.storage, encrypt: deps.encrypt, decrypt: deps.decrypt, env: deps.env })
  void otlp.start()
  return { tracing, otlp }
}
