/**
 * Every channel between renderer and main. Values are the wire names; keys follow Cherry Studio's
 * `Mcp_ListTools` style so code reads the same. Names only: no zod here, so the preload stays tiny.
 */
export const IpcChannel = {
  App_GetInfo: 'app:get-info',
  App_OpenExternal: 'app:open-external',
  App_OpenTraceWindow: 'app:open-trace-window',
  App_FetchImage: 'app:fetch-image',
  App_KnownRegistries: 'app:known-registries',

  Storage_GetItem: 'storage:get-item',
  Storage_SetItem: 'storage:set-item',
  Storage_RemoveItem: 'storage:remove-item',

  Mcp_InitClient: 'mcp:init-client',
  Mcp_ListTools: 'mcp:list-tools',
  Mcp_CallTool: 'mcp:call-tool',
  Mcp_ListPrompts: 'mcp:list-prompts',
  Mcp_GetPrompt: 'mcp:get-prompt',
  Mcp_ListResources: 'mcp:list-resources',
  Mcp_GetResource: 'mcp:get-resource',
  Mcp_StopServer: 'mcp:stop-server',
  Mcp_RestartServer: 'mcp:restart-server',
  Mcp_RemoveServer: 'mcp:remove-server',
  Mcp_CheckConnectivity: 'mcp:check-connectivity',
  Mcp_GetServerLogs: 'mcp:get-server-logs',
  Mcp_AbortTool: 'mcp:abort-tool',
  Mcp_ListResourceTemplates: 'mcp:list-resource-templates',
  Mcp_SubscribeResource: 'mcp:subscribe-resource',
  Mcp_UnsubscribeResource: 'mcp:unsubscribe-resource',
  Mcp_UpdateRoots: 'mcp:update-roots',
  Mcp_RespondElicitation: 'mcp:respond-elicitation',
  Mcp_RespondSampling: 'mcp:respond-sampling',
  Mcp_PendingRequests: 'mcp:pending-requests'
} as const

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel]

/** Main → renderer events. */
export const IpcEvent = {
  Mcp_ServerLog: 'mcp:server-log',
  Mcp_Progress: 'mcp:progress',
  Mcp_ServerStatus: 'mcp:server-status',
  /** a server's tools, prompts or resources changed (N1–N3): list them again */
  Mcp_ListChanged: 'mcp:list-changed',
  /** a subscribed resource changed (N4) */
  Mcp_ResourceUpdated: 'mcp:resource-updated',
  /** a server asks the user for input (Q2); answer on Mcp_RespondElicitation */
  Mcp_ElicitationRequest: 'mcp:elicitation-request',
  /** a server asks for a model completion (Q3); answer on Mcp_RespondSampling */
  Mcp_SamplingRequest: 'mcp:sampling-request',
  /** an elicitation or sampling request is over (answered, timed out, cancelled by the server): close its dialog */
  Mcp_ClientRequestDone: 'mcp:client-request-done'
} as const

export type IpcEventName = (typeof IpcEvent)[keyof typeof IpcEvent]

/** How `window.api` is shaped: namespace → method → channel. The preload and the browser bridge are built from it. */
export const apiMethods = {
  app: {
    getInfo: IpcChannel.App_GetInfo,
    openExternal: IpcChannel.App_OpenExternal,
    openTraceWindow: IpcChannel.App_OpenTraceWindow,
    /** a web image (a server's logo) as a data: URL, fetched by main so the window's CSP stays strict */
    fetchImage: IpcChannel.App_FetchImage,
    /** the package registries the user's own npm, pip and uv settings name, for the editor's picker */
    knownRegistries: IpcChannel.App_KnownRegistries
  },
  storage: {
    getItem: IpcChannel.Storage_GetItem,
    setItem: IpcChannel.Storage_SetItem,
    removeItem: IpcChannel.Storage_RemoveItem
  },
  mcp: {
    initClient: IpcChannel.Mcp_InitClient,
    listTools: IpcChannel.Mcp_ListTools,
    callTool: IpcChannel.Mcp_CallTool,
    listPrompts: IpcChannel.Mcp_ListPrompts,
    getPrompt: IpcChannel.Mcp_GetPrompt,
    listResources: IpcChannel.Mcp_ListResources,
    getResource: IpcChannel.Mcp_GetResource,
    stopServer: IpcChannel.Mcp_StopServer,
    restartServer: IpcChannel.Mcp_RestartServer,
    removeServer: IpcChannel.Mcp_RemoveServer,
    checkMcpConnectivity: IpcChannel.Mcp_CheckConnectivity,
    getServerLogs: IpcChannel.Mcp_GetServerLogs,
    abortTool: IpcChannel.Mcp_AbortTool,
    listResourceTemplates: IpcChannel.Mcp_ListResourceTemplates,
    subscribeResource: IpcChannel.Mcp_SubscribeResource,
    unsubscribeResource: IpcChannel.Mcp_UnsubscribeResource,
    updateRoots: IpcChannel.Mcp_UpdateRoots,
    respondElicitation: IpcChannel.Mcp_RespondElicitation,
    respondSampling: IpcChannel.Mcp_RespondSampling,
    pendingRequests: IpcChannel.Mcp_PendingRequests
  }
} as const

export type ApiMethods = typeof apiMethods
