import { otlpExporter, otlpFromEnv, otlpFromSetting, OTLP_SETTING_KEY } from './otlp'
import { Tracing } from './Tracing'

/**
 * The app's tracing: always into the store the Trace window reads; also to a collector when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set or, failing that, the stored setting names one.
 */
export function hostTracing(deps: {
  secrets: () => readonly string[]
  readSetting?: (key: string) => Promise<string | null>
  env?: NodeJS.ProcessEnv
}): Tracing {
  const tracing = new Tracing({ secrets: deps.secrets })
  const fromEnv = otlpFromEnv(deps.env)
  if (fromEnv) tracing.export.set(otlpExporter(fromEnv))
  else if (deps.readSetting) {
    void deps.readSetting(OTLP_SETTING_KEY).then(
      (stored) => {
        const settings = otlpFromSetting(stored)
        if (settings) tracing.export.set(otlpExporter(settings))
      },
      () => undefined
    )
  }
  return tracing
}
