import type { ApiMethods, IpcEventName } from './IpcChannel'
import type { IpcArgs, IpcResults, EventPayload } from './contract'

type Method<C extends keyof IpcResults> = undefined extends IpcArgs<C>
  ? (args?: IpcArgs<C>) => Promise<IpcResults[C]>
  : (args: IpcArgs<C>) => Promise<IpcResults[C]>

type Namespace<N extends Record<string, keyof IpcResults>> = { [M in keyof N]: Method<N[M]> }

/** `window.api`: the same type from the Electron preload and from the browser-mode bridge. */
export type McpApi = { [NS in keyof ApiMethods]: Namespace<ApiMethods[NS]> } & {
  /** subscribe to a main → renderer event; returns the unsubscribe */
  on<E extends IpcEventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}
