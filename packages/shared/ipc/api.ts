import type { ArgsOf, ChannelTable, EventPayload, IpcContract, IpcEventName, ResultOf } from './contract'

type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S
type NamespaceOf<C> = C extends `${infer NS}:${string}` ? NS : never
type MethodOf<C> = C extends `${string}:${infer M}` ? Camel<M> : never

type Method<D> = undefined extends ArgsOf<D>
  ? (args?: ArgsOf<D>) => Promise<ResultOf<D>>
  : (args: ArgsOf<D>) => Promise<ResultOf<D>>

/** The api a channel table gives: `ns:kebab-name` → `api.ns.kebabName(args)`. */
export type ApiOf<T extends ChannelTable> = {
  [NS in NamespaceOf<keyof T & string>]: {
    [C in keyof T & string as C extends `${NS}:${string}` ? MethodOf<C> : never]: Method<T[C]>
  }
}

export interface ApiEvents {
  /** subscribe to a main → renderer event; returns the unsubscribe */
  on<E extends IpcEventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

/** `window.api`: the same type from the Electron preload and from the browser-mode bridge. */
export type McpApi = ApiOf<IpcContract> & ApiEvents
