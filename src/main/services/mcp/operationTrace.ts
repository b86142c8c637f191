/**
 * What the MCP side knows of the span an operation runs in (when tracing is on), handed down
 * explicitly with the operation: its trace for the Logs tab's link, its W3C `traceparent` for
 * the server, and a place for the steps it takes (a transport tried, a fallback).
 */
export interface OperationTrace {
  readonly traceId: string
  traceparent(): string
  addEvent(name: string, attributes?: Record<string, string | number | boolean>): void
}

/** A connect's trace: its steps, and the traceparent its HTTP requests carry. */
export interface ConnectTrace {
  step(name: string, attributes?: Record<string, string | number | boolean>): void
  /** the connect's own while it runs, then the operation running on the server (if any) */
  traceparent(): string | undefined
}
