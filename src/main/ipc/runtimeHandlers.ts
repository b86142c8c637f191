import type { IpcHandlers } from './IpcRouter'
import type { Runtimes } from '../services/runtimes/Runtimes'

export type RuntimeChannel = 'app:runtimes' | 'app:set-runtime-path'

/** The runtimes a server may need: listed (Re-check detects them again) and the user's path per runtime. */
export function runtimeHandlers(runtimes: Runtimes): Pick<IpcHandlers, RuntimeChannel> {
  return {
    'app:runtimes': (args) => (args?.refresh ? runtimes.refresh() : runtimes.list()),
    'app:set-runtime-path': ({ runtime, path }) => runtimes.setPath(runtime, path)
  }
}
