import type { McpServer } from '@shared/mcp/server'
import type { SignInSteps } from './oauth/signInSteps'
import type { LogLineWatcher } from './serverLogs'

/**
 * What the MCP side knows of the span an operation runs in (when tracing is on), handed down
 * explicitly with the operation: its trace for the Logs tab's link, its W3C `traceparent` for
 * the server, and a place for the steps it takes (a transport tried, a fallback).
 */
export interface OperationTrace {
  readonly traceId: string
  /** the span's own id: a caller's span handed to an operation becomes its parent */
  readonly spanId: string
  traceparent(): string
  addEvent(name: string, attributes?: Record<string, string | number | boolean>): void
}

/** A connect's trace: its steps, and the traceparent its HTTP requests carry. */
export interface ConnectTrace {
  step(name: string, attributes?: Record<string, string | number | boolean>): void
  /** the connect's own while it runs, then the operation running on the server (if any) */
  traceparent(): string | undefined
}

/**
 * What the service lets an observer (tracing) see of the work it does on its own, given to it
 * at construction (`MCPServiceOptions.observer`): connects, which no caller asks for by name;
 * a sign-in's steps, which happen deep in the OAuth code; and servers' log lines as they are
 * written. The operations callers do ask for are observed by wrapping the service instead
 * (`TracedMcpService`), so this side has no OpenTelemetry and imports nothing of tracing.
 */
export interface McpObserver {
  /**
   * Runs a connect of `server`: `fn` is the connect itself, given where its transport steps and
   * its HTTP requests' traceparent come from (undefined: not observed, as when paused).
   */
  connect<T>(server: McpServer, fn: (trace: ConnectTrace | undefined) => Promise<T>): Promise<T>
  /** the steps of a sign-in (discovery, registration, token exchange …), never a secret */
  readonly signInSteps: SignInSteps
  /** every server log line as it is written, before any batch is pushed */
  readonly logLine: LogLineWatcher
}
