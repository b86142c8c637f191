import { original } from '@reduxjs/toolkit'
import { createApi } from '@reduxjs/toolkit/query/react'
import type { Prompt, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js'
import type { AppInfo, KnownRegistry, McpConnectionInfo, McpListKind, McpTool } from '@shared/ipc/contract'
import type { SyslogLevel } from '@shared/mcp/logs'
import type { ServersSnapshot } from '@shared/mcp/registry'
import type { McpServer } from '@shared/mcp/server'
import type { McpSessionState } from '@shared/mcp/session'
import type { McpAuthStatus, ServerStates } from '@shared/mcp/status'
import { followEvent, refetchOn, type CacheLife } from './followMain'
import { call, mainBaseQuery, type MainExtra } from './mainBaseQuery'
import { clearedFields } from '@shared/mcp/serverChanges'
import { applyChanges, applyOrder, keepUnchanged, type McpServerChanges } from './serverListEdits'

type ListTag = 'Tools' | 'Prompts' | 'Resources' | 'ResourceTemplates'
type ServerTag = ListTag | 'Session' | 'Auth'

/**
 * What the renderer reads of main, as one cache: the server list, every server's state, each
 * server's lists and session. Main pushes every change (`servers:changed`, `mcp:server-status`,
 * `mcp:list-changed`) and the cache follows; the renderer never writes a server's state.
 */
export const mainApi = createApi({
  reducerPath: 'main',
  baseQuery: mainBaseQuery,
  tagTypes: ['Servers', 'States', 'Tools', 'Prompts', 'Resources', 'ResourceTemplates', 'Session', 'Auth'],
  endpoints: (build) => {
    const stale = (type: ServerTag, serverId: string) => mainApi.util.invalidateTags([{ type, id: serverId }])
    /**
     * A list edit shown before main answers; undone (and the list asked for again) if main refuses.
     * Lists main sends meanwhile wait for the answer (`ListEditsInFlight`).
     */
    const shownAtOnce = async (
      { dispatch, queryFulfilled, extra }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown>; extra: unknown },
      edit: (draft: ServersSnapshot) => void
    ): Promise<void> => {
      const answered = (extra as MainExtra).listEdits.begin()
      const patch = dispatch(mainApi.util.updateQueryData('listServers', undefined, edit)) as { undo: () => void }
      try {
        await queryFulfilled
      } catch {
        // main refused: back to what it has
        patch.undo()
        dispatch(mainApi.util.invalidateTags(['Servers']))
      } finally {
        answered()
      }
    }
    /** one of a server's lists: asked again when the server says it changed, and on every new connection */
    const serverList = <T>(channel: 'mcp:list-tools' | 'mcp:list-prompts' | 'mcp:list-resources' | 'mcp:list-resource-templates', kind: McpListKind, type: ListTag) =>
      build.query<T[], string>({
        query: (serverId) => call(channel, { serverId }),
        providesTags: (_result, _error, serverId) => [{ type, id: serverId }],
        async onCacheEntryAdded(serverId, life): Promise<void> {
          const again = () => life.dispatch(stale(type, serverId))
          // templates change with the resources (there is no notification of their own)
          const changed = refetchOn(life, 'mcp:list-changed', (e) => e.serverId === serverId && e.list === kind, again)
          // a new connection may list differently (a new version, new settings)
          const connected = refetchOn(life, 'mcp:server-status', (e) => e.serverId === serverId && e.state.status === 'connected', again)
          await Promise.all([changed, connected])
        }
      })
    /** what main keeps of a server's session: asked again at each change of its state (a stop ends it) */
    const onEachState = (type: ServerTag) => (serverId: string, life: CacheLife & { dispatch: (action: unknown) => unknown }) =>
      refetchOn(life, 'mcp:server-status', (e) => e.serverId === serverId, () => life.dispatch(stale(type, serverId)))

    return {
      getAppInfo: build.query<AppInfo, void>({ query: () => call('app:get-info') }),
      knownRegistries: build.query<KnownRegistry[], void>({ query: () => call('app:known-registries') }),

      listServers: build.query<ServersSnapshot, void>({
        query: () => call('servers:list'),
        providesTags: ['Servers'],
        async onCacheEntryAdded(_arg, life): Promise<void> {
          const { listEdits } = life.extra as MainExtra
          const apply = (snapshot: ServersSnapshot) => life.updateCachedData((draft) => keepUnchanged(original(draft), snapshot))
          await followEvent(life, 'servers:changed', (snapshot) => listEdits.offer(snapshot, apply))
        }
      }),
      getStates: build.query<ServerStates, void>({
        query: () => call('mcp:get-states'),
        providesTags: ['States'],
        async onCacheEntryAdded(_arg, life): Promise<void> {
          await followEvent(life, 'mcp:server-status', ({ serverId, state }) =>
            life.updateCachedData((draft) => {
              draft[serverId] = state
            })
          )
        }
      }),

      listTools: serverList<McpTool>('mcp:list-tools', 'tools', 'Tools'),
      listPrompts: serverList<Prompt>('mcp:list-prompts', 'prompts', 'Prompts'),
      listResources: serverList<Resource>('mcp:list-resources', 'resources', 'Resources'),
      listResourceTemplates: serverList<ResourceTemplate>('mcp:list-resource-templates', 'resources', 'ResourceTemplates'),

      getSession: build.query<McpSessionState, string>({
        query: (serverId) => call('mcp:get-session', { serverId }),
        providesTags: (_result, _error, serverId) => [{ type: 'Session', id: serverId }],
        onCacheEntryAdded: onEachState('Session')
      }),
      authStatus: build.query<McpAuthStatus, string>({
        query: (serverId) => call('mcp:auth-status', { serverId }),
        providesTags: (_result, _error, serverId) => [{ type: 'Auth', id: serverId }],
        onCacheEntryAdded: onEachState('Auth')
      }),

      addServers: build.mutation<McpServer[], McpServer[]>({ query: (servers) => call('servers:add', { servers }) }),
      updateServer: build.mutation<McpServer, { serverId: string; changes: McpServerChanges }>({
        // a cleared field travels by name: JSON (browser mode) drops a key whose value is undefined
        query: ({ serverId, changes }) => {
          const clear = clearedFields(changes)
          return call('servers:update', { serverId, changes, ...(clear.length ? { clear } : {}) })
        },
        // shown at once, so a second quick click builds on the first; main's list follows
        onQueryStarted: ({ serverId, changes }, life) => shownAtOnce(life, (draft) => applyChanges(draft, serverId, changes))
      }),
      removeServer: build.mutation<boolean, string>({ query: (serverId) => call('servers:remove', { serverId }) }),
      reorderServers: build.mutation<void, string[]>({
        query: (serverIds) => call('servers:reorder', { serverIds }),
        onQueryStarted: (serverIds, life) => shownAtOnce(life, (draft) => applyOrder(draft, serverIds))
      }),
      /** false when the user declined main's own confirmation (Electron's native dialog) */
      approveServers: build.mutation<boolean, string[]>({ query: (serverIds) => call('servers:approve', { serverIds }) }),
      repairServer: build.mutation<McpServer, { serverId: string; entry: unknown }>({ query: (args) => call('servers:repair', args) }),
      restartServer: build.mutation<McpConnectionInfo, string>({ query: (serverId) => call('mcp:restart-server', { serverId }) }),

      setLogLevel: build.mutation<void, { serverId: string; level: SyslogLevel }>({
        query: (args) => call('mcp:set-log-level', args),
        invalidatesTags: (_result, _error, { serverId }) => [{ type: 'Session', id: serverId }]
      }),
      watchResource: build.mutation<void, { serverId: string; uri: string; on: boolean }>({
        query: ({ on, ...args }) => call(on ? 'mcp:subscribe-resource' : 'mcp:unsubscribe-resource', args),
        invalidatesTags: (_result, _error, { serverId }) => [{ type: 'Session', id: serverId }]
      }),
      signOut: build.mutation<void, string>({
        query: (serverId) => call('mcp:sign-out', { serverId }),
        invalidatesTags: (_result, _error, serverId) => [{ type: 'Auth', id: serverId }]
      })
    }
  }
})

export const {
  useGetAppInfoQuery,
  useKnownRegistriesQuery,
  useListServersQuery,
  useGetStatesQuery,
  useListToolsQuery,
  useListPromptsQuery,
  useListResourcesQuery,
  useListResourceTemplatesQuery,
  useGetSessionQuery,
  useAuthStatusQuery,
  useAddServersMutation,
  useUpdateServerMutation,
  useRemoveServerMutation,
  useReorderServersMutation,
  useApproveServersMutation,
  useRepairServerMutation,
  useRestartServerMutation,
  useSetLogLevelMutation,
  useWatchResourceMutation,
  useSignOutMutation
} = mainApi
