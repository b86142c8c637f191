import type { Tracing } from '../services/trace/Tracing'
import type { NamespaceHandlers } from './IpcRouter'

/** The Trace window's channels: main's span store, read and cleared. */
export function traceHandlers(tracing: Tracing): NamespaceHandlers<'trace'> {
  return {
    'trace:list': (filter) => tracing.store.list(filter),
    'trace:get': ({ traceId }) => tracing.store.get(traceId),
    'trace:clear': () => tracing.store.clear()
  }
}
