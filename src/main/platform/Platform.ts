import type { EventPayload, IpcEventName } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'

/**
 * Everything main-process code needs from its host. Electron gives one implementation, plain Node
 * (browser mode, CLI, tests) the other; services never import `electron` (ARCHITECTURE.md).
 */
export interface Platform {
  kind: 'electron' | 'node'
  appName: string
  appVersion: string
  /** app.getPath('userData') in Electron, the same folder under XDG in Node */
  userDataDir: string
  /** Electron's net.fetch (system proxy, certificates) or global fetch */
  fetch: typeof fetch
  /** opens a validated http(s) URL in the system browser; rejects anything else */
  openExternal(url: string): Promise<void>
  emit<E extends IpcEventName>(event: E, payload: EventPayload<E>): void
  /**
   * asks the user, in a dialog the page cannot answer for them, whether to run these servers'
   * exact target (Electron: a native dialog). Absent in browser mode, where the page asks and the
   * page is already authenticated by the session token.
   */
  confirmStart?(servers: McpServer[]): Promise<boolean>
  /** a native folder picker: the folder, or undefined when the user cancelled. Absent without one (plain Node). */
  pickFolder?(): Promise<string | undefined>
  /** shows a folder of ours in the system's file manager (Electron) */
  openFolder?(path: string): Promise<void>
  /** a native file picker (Electron); undefined when cancelled */
  pickFile?(): Promise<string | undefined>
  encrypt?(plain: string): string
  decrypt?(cipher: string): string
}

export type PlatformEventListener = <E extends IpcEventName>(event: E, payload: EventPayload<E>) => void
