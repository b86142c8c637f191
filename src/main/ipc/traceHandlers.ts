import { TRACE_WATCH_LEASE_MS } from '@shared/trace/spans'
import type { OtlpExportSetting } from '../services/trace/OtlpExportSetting'
import type { Tracing } from '../services/trace/Tracing'
import type { NamespaceHandlers } from './IpcRouter'

/** The Trace window's channels: main's span store, read and cleared; recording paused or resumed; the OTLP export setting. */
export function traceHandlers(tracing: Tracing, otlp: OtlpExportSetting): NamespaceHandlers<'trace'> {
  return {
    'trace:list': (filter) => tracing.store.list(filter),
    'trace:get': ({ traceId }) => tracing.store.get(traceId),
    'trace:clear': () => tracing.store.clear(),
    'trace:watch': () => tracing.watch(TRACE_WATCH_LEASE_MS),
    'trace:get-recording': () => tracing.recording,
    'trace:set-recording': ({ on }) => tracing.record(on),
    'trace:get-export': () => otlp.get(),
    'trace:set-export': (input) => otlp.set(input),
    'trace:test-export': (input) => otlp.test(input)
  }
}
