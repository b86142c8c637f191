import { probeLocalEndpoints } from '../services/chat/localEndpoints'
import type { ProviderStore } from '../services/chat/ProviderStore'
import type { IpcHandlers } from './IpcRouter'

type ProviderChannels = 'chat:list-providers' | 'chat:save-provider' | 'chat:remove-provider' | 'chat:list-models' | 'chat:set-default-model' | 'chat:probe-local'

/** The model providers page's channels: main's ProviderStore (keys never leave main) and the local endpoint probe. */
export function chatProviderHandlers(deps: { providers: ProviderStore; fetch: typeof fetch }): Pick<IpcHandlers, ProviderChannels> {
  const { providers } = deps
  return {
    'chat:list-providers': () => providers.list(),
    'chat:save-provider': (input) => providers.save(input),
    'chat:remove-provider': ({ providerId }) => providers.remove(providerId),
    'chat:list-models': (arg) => providers.listModels(arg),
    'chat:set-default-model': (ref) => providers.setDefaultModel(ref),
    'chat:probe-local': () => probeLocalEndpoints(undefined, deps.fetch)
  }
}
