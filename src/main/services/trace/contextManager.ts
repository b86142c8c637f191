import { context } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'

let registered = false

/**
 * The active span follows async work (a connect started by a call is that call's child) through
 * OpenTelemetry's context API, which needs one context manager per process. Only the context
 * manager is global: every Tracing owns its tracer provider, so tests never share spans.
 */
export function ensureContextManager(): void {
  if (registered) return
  registered = true
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
}
