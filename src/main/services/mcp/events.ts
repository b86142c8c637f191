import { EventEmitter } from 'node:events'
import type { EventPayload, IpcEventName } from '@shared/ipc/contract'

/**
 * What the MCP host tells whoever listens (the IPC layer, the CLI, tests): typed events named as
 * their wire events without the `mcp:` prefix, so the IPC layer forwards them by name and no list
 * is written twice. Services never send wire events themselves.
 */
export type McpEvents = {
  [K in IpcEventName as K extends `mcp:${infer Name}` ? Name : never]: EventPayload<K>
}
export type McpEventName = keyof McpEvents

export type McpEmit = <E extends McpEventName>(event: E, payload: McpEvents[E]) => void

type Listeners = { [E in McpEventName]: [McpEvents[E]] }

/** A typed EventEmitter; listeners beyond the default ten are fine (windows, CLI, tests). */
export class McpEventBus extends EventEmitter<Listeners> {
  constructor() {
    super()
    this.setMaxListeners(0)
  }

  readonly send: McpEmit = (event, payload) => {
    ;(this.emit as (event: string, payload: unknown) => boolean)(event, payload)
  }
}
