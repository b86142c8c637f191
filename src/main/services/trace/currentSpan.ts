import { AsyncLocalStorage } from 'node:async_hooks'
import type { LazySpan } from './LazySpan'

/**
 * The span of the operation running now, following its async work (a connect a call starts is
 * that call's child; the call's log line links to its trace). Node's own AsyncLocalStorage,
 * holding our span directly: OpenTelemetry's context manager would wrap it in a context object
 * per operation, and spans are only made OpenTelemetry's when someone reads them.
 */
export const currentSpan = new AsyncLocalStorage<LazySpan>()
