import { otlpExporter, otlpFromEnv } from '../main/services/trace/otlp'
import { Tracing } from '../main/services/trace/Tracing'

/**
 * The CLI's tracing: on for `call --trace` (spans kept to print) and whenever the standard
 * OTEL_EXPORTER_OTLP_* variables name a collector (spans sent there, flushed before exit);
 * off otherwise, so a plain command pays nothing. A collector that is down delays the exit by at
 * most the export timeout (2 s), never the result.
 */
export function cliTracing(options: { trace: boolean; secrets: () => readonly string[]; env?: NodeJS.ProcessEnv }): Tracing | undefined {
  const otlp = otlpFromEnv(options.env)
  if (!options.trace && !otlp) return undefined
  return new Tracing({ secrets: options.secrets, exporter: otlp && otlpExporter(otlp, 2000) })
}
