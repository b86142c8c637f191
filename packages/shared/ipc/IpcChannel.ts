/**
 * Every channel between renderer and main. Values are the wire names; keys follow Cherry Studio's
 * `Mcp_ListTools` style so code reads the same. Names only: no zod here, so the preload stays tiny.
 */
export const IpcChannel = {
  App_GetInfo: 'app:get-info',
  App_OpenExternal: 'app:open-external',
  App_OpenTraceWindow: 'app:open-trace-window',

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
  Mcp_AbortTool: 'mcp:abort-tool'
} as const

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel]

/** Main → renderer events. */
export const IpcEvent = {
  Mcp_ServerLog: 'mcp:server-log',
  Mcp_Progress: 'mcp:progress',
  Mcp_ServerStatus: 'mcp:server-status'
} as const

export type IpcEventName = (typeof IpcEvent)[keyof typeof IpcEvent]

/** How `window.api` is shaped: namespace → method → channel. The preload and the browser bridge are built from it. */
export const apiMethods = {
  app: {
    getInfo: IpcChannel.App_GetInfo,
    openExternal: IpcChannel.App_OpenExternal,
    openTraceWindow: IpcChannel.App_OpenTraceWindow
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
    abortTool: IpcChannel.Mcp_AbortTool
  }
} as const

export type ApiMethods = typeof apiMethods
