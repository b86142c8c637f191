import type { LocalEndpoint, ModelRef, ProviderInput, ProvidersSnapshot, ProviderView } from '@shared/chat/providers'
import { refetchOn } from './followMain'
import { call } from './mainBaseQuery'
import { mainApi } from './mainApi'

/** Where `chat:list-models` looks: a saved provider (its stored key), or the form's unsaved draft. */
export type ModelsSource = { providerId: string } | { draft: ProviderInput }

/**
 * The chat's model providers, as main keeps them (keys never come back, only `hasKey`). Every
 * window follows `chat:providers-changed`, so a change made elsewhere (another window, the CLI's
 * environment at start) shows at once.
 */
export const providersApi = mainApi.enhanceEndpoints({ addTagTypes: ['Providers'] }).injectEndpoints({
  endpoints: (build) => ({
    listProviders: build.query<ProvidersSnapshot, void>({
      query: () => call('chat:list-providers'),
      providesTags: ['Providers'],
      async onCacheEntryAdded(_arg, life): Promise<void> {
        await refetchOn(life, 'chat:providers-changed', () => true, () => life.dispatch(providersApi.util.invalidateTags(['Providers'])))
      }
    }),
    saveProvider: build.mutation<ProviderView, ProviderInput>({
      query: (input) => call('chat:save-provider', input),
      invalidatesTags: ['Providers']
    }),
    removeProvider: build.mutation<void, string>({
      query: (providerId) => call('chat:remove-provider', { providerId }),
      invalidatesTags: ['Providers']
    }),
    setDefaultModel: build.mutation<void, ModelRef>({
      query: (ref) => call('chat:set-default-model', ref),
      invalidatesTags: ['Providers']
    }),
    /** asked when the user says so (Fetch models): a mutation, so a draft's key is never a cache key */
    listModels: build.mutation<string[], ModelsSource>({
      query: (source) => call('chat:list-models', source)
    }),
    /** the usual local servers that answer on this computer; `refetch` scans again */
    probeLocal: build.query<LocalEndpoint[], void>({
      query: () => call('chat:probe-local'),
      // a server started or stopped since is found by a re-scan, not by an old answer
      keepUnusedDataFor: 0
    })
  })
})

export const {
  useListProvidersQuery,
  useSaveProviderMutation,
  useRemoveProviderMutation,
  useSetDefaultModelMutation,
  useListModelsMutation,
  useProbeLocalQuery
} = providersApi
