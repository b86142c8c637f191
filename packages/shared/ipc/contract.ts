import { z } from 'zod'
import type {
  CallToolResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate
} from '@modelcontextprotocol/sdk/types.js'
import { ChatToolChoiceSchema, type ChatServerTools, type Conversation, type ConversationsSnapshot } from '../chat/conversations'
import { ChatAttachmentRefSchema, ChatImageSchema, ChatPromptArgsSchema, MAX_ATTACHMENTS, MAX_CHAT_IMAGES, type ChatAttachment, type ChatContextServer, type ChatPromptText } from '../chat/composerContext'
import { ApprovalDecisionSchema, type ChatApprovalDoneEvent, type ChatApprovalRequest, type ChatEventPayload } from '../chat/events'
import type { DiscoveryListing, DiscoverySearchResult, RegistrySource } from '../discovery/listing'
import { ChatSettingsChangeSchema, type ChatSettings } from '../chat/chatSettings'
import { ModelRefSchema, ProviderInputSchema, type LocalEndpoint, type ProvidersSnapshot, type ProviderView } from '../chat/providers'
import type { SamplingDraft, SamplingDraftEvent } from '../chat/samplingDraft'
import { UserConfigValuesSchema, type ExtensionPreview, type ExtensionUserConfig, type OpenedExtensionFile } from '../mcp/extensions'
import { SignInSettingsSchema, type SignInSettings } from '../mcp/signInSettings'
import { SyslogLevelSchema, type ServerLogEntry } from '../mcp/logs'
import type { McpMessageEntry, McpMessagesEvent } from '../mcp/messages'
import type { ServersSnapshot } from '../mcp/registry'
import { runtimeName, type RuntimeStatus } from '../mcp/runtimeOf'
import { McpServerSchema, type McpServer } from '../mcp/server'
import { ClearedFieldSchema, McpServerChangesSchema } from '../mcp/serverChanges'
import { CompletionRequestSchema, type CompletionSuggestions, type McpSessionState } from '../mcp/session'
import type { McpAuthStatus, ServerStates, ServerStatusEvent } from '../mcp/status'
import { TraceExportInputSchema, type TraceExportSettings, type TraceExportTestResult } from '../trace/exportSettings'
import { TraceListFilterSchema, type TraceSpan, type TraceSpansEvent, type TraceSummary } from '../trace/spans'
import type {
  AppInfo,
  ClientRequestDoneEvent,
  ConnectivityResult,
  ElicitationRequestEvent,
  KnownRegistry,
  ListChangedEvent,
  McpConnectionInfo,
  McpTool,
  PendingClientRequest,
  ProgressEvent,
  ResourceUpdatedEvent,
  SamplingRequestEvent,
  ServerLogEvent
} from './types'
import { ElicitationResponseSchema, SamplingResponseSchema } from './types'

export * from './types'

/** What `app:pick-folder` and `app:pick-file` give: the path, the user's cancel, or no picker here (browser mode, CLI). */
export type PickFolderResult = { status: 'picked'; path: string } | { status: 'cancelled' } | { status: 'unavailable' }

/**
 * The one table of renderer → main channels. Each entry is declared once: its wire
 * name (`namespace:kebab-name`), the zod schema main checks its arguments with, and its result
 * type. The channel-name union, `window.api` (preload and browser bridge), the router's
 * validation and the handler map all derive from it; adding a channel is one entry plus its
 * handler. `servers:add` → `api.servers.add`, `mcp:list-tools` → `api.mcp.listTools`.
 */

/** A channel: its arguments' schema; the result type rides along as a phantom. */
export interface ChannelDef<A extends z.ZodType = z.ZodType, R = unknown> {
  args: A
  /** never set: only carries the result type */
  result?: R
}
export type ChannelTable = Record<string, ChannelDef>

/** `channel<Result>()(argsSchema)`: two steps, so the result type is named and the schema inferred. */
export const channel =
  <R>() =>
  <A extends z.ZodType>(args: A): ChannelDef<A, R> => ({ args })

/** A main → renderer event; only its payload type. */
export interface EventDef<P = unknown> {
  payload?: P
}
const event = <P>(): EventDef<P> => ({})

const none = z.undefined()
const registryAddress = z.string().min(1).max(2000)
const registryName = z.string().min(1).max(300)
const serverId = z.string().min(1).max(200)
const byId = z.object({ serverId })
// a window keeps only its own state here (redux-persist's `persist:` keys); main's settings in the
// same folder (the OTLP setting, with its sealed headers) are reached through their own channels
const storageKey = z.string().regex(/^persist:[\w:.-]{1,100}$/, 'key: a window may only use its own persist: keys')
const resource = z.object({ serverId, uri: z.string().min(1) })
const chatId = z.string().regex(/^[\w-]{1,100}$/, 'conversationId: letters, digits, _ and - only')

export const ipcContract = {
  'app:get-info': channel<AppInfo>()(none),
  'app:open-external': channel<void>()(z.object({ url: z.string().min(1) })),
  /** shows the data folder in the system's file manager (Electron); `opened: false` where there is none to ask (browser mode) */
  'app:open-data-folder': channel<{ opened: boolean }>()(none),
  /** opened: a window was made (Electron); otherwise `url` is for the caller to open (browser mode). `traceId`: the trace it shows first */
  'app:open-trace-window': channel<{ opened: boolean; url?: string }>()(z.object({ traceId: z.string().regex(/^[0-9a-f]{32}$/).optional() }).optional()),
  /** a web image (a server's logo) as a data: URL, fetched by main so the window's CSP stays strict */
  'app:fetch-image': channel<{ dataUrl: string }>()(z.object({ url: z.string().min(1).max(4096) })),
  /** the package registries the user's own npm, pip and uv settings name, for the editor's picker */
  'app:known-registries': channel<KnownRegistry[]>()(none),
  /** a native folder picker (Electron); browser mode has none and says `unavailable`, the page asks for a path */
  'app:pick-folder': channel<PickFolderResult>()(none),
  /** the system's file picker (an extension's file setting); browser mode has none */
  'app:pick-file': channel<PickFolderResult>()(none),
  /** the app-wide sign-in setting (Settings → Sign-in) */
  'app:get-sign-in-settings': channel<SignInSettings>()(none),
  'app:set-sign-in-settings': channel<SignInSettings>()(SignInSettingsSchema),
  /** install links the operating system handed the app (Electron), each handed out once; the window asks the user */
  'app:take-install-links': channel<string[]>()(none),
  /** node, uv, bun, python and docker on this computer (detected once and kept; `refresh` detects them again) */
  'app:runtimes': channel<RuntimeStatus[]>()(z.object({ refresh: z.boolean().optional() }).optional()),
  /** sets (an absolute path to an executable, checked by main) or clears (`null`) the path of one runtime; the runtimes as now detected */
  'app:set-runtime-path': channel<RuntimeStatus[]>()(z.object({ runtime: runtimeName, path: z.string().max(4096).nullable() })),

  // the renderer's own settings (language, theme); never the servers
  'storage:get-item': channel<string | null>()(z.object({ key: storageKey })),
  'storage:set-item': channel<void>()(z.object({ key: storageKey, value: z.string().max(1024 * 1024) })),
  'storage:remove-item': channel<void>()(z.object({ key: storageKey })),

  // main's ServerRegistry: the one server list; every change comes back as servers:changed
  'servers:list': channel<ServersSnapshot>()(none),
  /** new servers (the editor's quick create, an import after its inputs were filled in); never approved by this */
  'servers:add': channel<McpServer[]>()(z.object({ servers: z.array(McpServerSchema).min(1).max(500, 'at most 500 servers at a time: import the file in parts') })),
  /** `clear`: fields to remove (a window's JSON wire cannot carry an undefined value) */
  'servers:update': channel<McpServer>()(z.object({ serverId, changes: McpServerChangesSchema, clear: z.array(ClearedFieldSchema).max(100).optional() })),
  /** removes the server (or a broken entry), stopping it first */
  'servers:remove': channel<boolean>()(byId),
  /** the ids of every valid server, in the new order */
  // every server's id (the whole new order): a list of 10,000 must still be reorderable
  'servers:reorder': channel<void>()(z.object({ serverIds: z.array(serverId).max(50_000) })),
  /** the user agreed to run these servers' exact targets; false when they declined main's own confirmation */
  'servers:approve': channel<boolean>()(z.object({ serverIds: z.array(serverId).min(1).max(500, 'at most 500 servers at a time: approve them in parts') })),
  /** a broken entry replaced by the user's corrected JSON */
  'servers:repair': channel<McpServer>()(z.object({ serverId, entry: z.unknown() })),

  'mcp:init-client': channel<McpConnectionInfo>()(byId),
  'mcp:list-tools': channel<McpTool[]>()(byId),
  'mcp:call-tool': channel<CallToolResult>()(
    z.object({
      serverId,
      name: z.string().min(1),
      /** an object, or a JSON string of one ('' means {}) */
      args: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
      callId: z.string().min(1).optional()
    })
  ),
  'mcp:list-prompts': channel<Prompt[]>()(byId),
  'mcp:get-prompt': channel<GetPromptResult>()(
    z.object({ serverId, name: z.string().min(1), args: z.record(z.string(), z.string()).optional() })
  ),
  'mcp:list-resources': channel<Resource[]>()(byId),
  'mcp:get-resource': channel<ReadResourceResult>()(resource),
  'mcp:list-resource-templates': channel<ResourceTemplate[]>()(byId),
  'mcp:subscribe-resource': channel<void>()(resource),
  'mcp:unsubscribe-resource': channel<void>()(resource),
  /** suggestions for a prompt argument or a template variable; empty (`supported: false`) when the server offers none */
  'mcp:complete': channel<CompletionSuggestions>()(CompletionRequestSchema.extend({ serverId })),
  /** logging/setLevel: the least severe level the server should send; kept by main until the session ends */
  'mcp:set-log-level': channel<void>()(z.object({ serverId, level: SyslogLevelSchema })),
  /** every server's state as main holds it; `mcp:server-status` then tells each change */
  'mcp:get-states': channel<ServerStates>()(none),
  /** the current session as main holds it (capabilities, log level, watched resources), never starting the server */
  'mcp:get-session': channel<McpSessionState>()(byId),
  'mcp:stop-server': channel<void>()(byId),
  'mcp:restart-server': channel<McpConnectionInfo>()(byId),
  'mcp:check-connectivity': channel<ConnectivityResult>()(byId),
  /** the user's Sign in: a connect that may open the browser; Sign out revokes and forgets */
  'mcp:sign-in': channel<McpConnectionInfo>()(byId),
  'mcp:sign-out': channel<void>()(byId),
  'mcp:auth-status': channel<McpAuthStatus>()(byId),
  'mcp:get-server-logs': channel<ServerLogEntry[]>()(byId),
  /** the JSON-RPC messages main keeps for a server (the last 1,000, redacted), also after it stopped */
  'mcp:get-messages': channel<McpMessageEntry[]>()(byId),
  'mcp:clear-messages': channel<void>()(byId),
  'mcp:abort-tool': channel<boolean>()(z.object({ callId: z.string().min(1) })),
  /** false when the request is no longer waiting (timed out, cancelled by the server, answered) */
  'mcp:respond-elicitation': channel<boolean>()(z.object({ requestId: z.string().min(1), response: ElicitationResponseSchema })),
  'mcp:respond-sampling': channel<boolean>()(z.object({ requestId: z.string().min(1), response: SamplingResponseSchema })),
  /** what is still waiting for the user: a window that (re)loads shows the dialogs it missed */
  'mcp:pending-requests': channel<PendingClientRequest[]>()(none),

  // desktop extensions: a .mcpb/.dxt archive staged (extracted and checked in a temp
  // folder) for the user to review, then installed as a server, or discarded
  /** the archive's bytes; answers what it is, who signed it and what it will run */
  'extensions:stage': channel<ExtensionPreview>()(z.object({ fileName: z.string().min(1).max(255), dataBase64: z.string().min(1).max(90_000_000, 'the archive is larger than 64 MB') })),
  /** installs a staged archive with the user's settings; an invalid signature is refused unless accepted */
  'extensions:install': channel<McpServer>()(z.object({ stageId: z.string().min(1).max(200), userConfig: UserConfigValuesSchema, acceptInvalidSignature: z.boolean().optional() })),
  'extensions:discard': channel<void>()(z.object({ stageId: z.string().min(1).max(200) })),
  /** files the operating system opened the app with (a double-click, Electron), each handed out once, by id and name */
  'extensions:take-opened': channel<OpenedExtensionFile[]>()(none),
  /** stages a file from extensions:take-opened, as extensions:stage does with bytes; main reads it, the window never names a path */
  'extensions:stage-opened': channel<ExtensionPreview>()(z.object({ openedId: z.string().min(1).max(100) })),
  /** an installed extension's settings form and its values, sensitive ones masked */
  'extensions:user-config': channel<ExtensionUserConfig>()(byId),
  /** new settings; a masked value sent back unchanged keeps the stored one */
  'extensions:set-user-config': channel<McpServer>()(z.object({ serverId, values: UserConfigValuesSchema })),

  // the chat: model providers (keys stay in main) and conversations run by main's chat service
  /** saved providers (keys never sent; `hasKey` only), the one from the environment, and the default model */
  'chat:list-providers': channel<ProvidersSnapshot>()(none),
  /** adds or changes a provider; its key is sealed like a server secret; a masked key keeps the stored one */
  'chat:save-provider': channel<ProviderView>()(ProviderInputSchema),
  'chat:remove-provider': channel<void>()(z.object({ providerId: z.string().min(1).max(100) })),
  /** the models the provider lists (`GET {base}/models`) with the ones typed by hand; an unsaved draft may be probed too */
  'chat:list-models': channel<string[]>()(z.union([z.object({ providerId: z.string().min(1).max(100) }), z.object({ draft: ProviderInputSchema })])),
  'chat:set-default-model': channel<void>()(ModelRefSchema),
  /** the usual local endpoints (Ollama, LM Studio, llama.cpp, vLLM) on 127.0.0.1 that answer, with their models */
  'chat:probe-local': channel<LocalEndpoint[]>()(none),
  /** Settings → Chat (step limit, tool-result size) and each model's options (takes images, tool mode) */
  'chat:get-settings': channel<ChatSettings>()(none),
  /** one change: a limit, or one model's options; answers the settings after it */
  'chat:change-settings': channel<ChatSettings>()(ChatSettingsChangeSchema),
  'chat:list-conversations': channel<ConversationsSnapshot>()(none),
  'chat:get-conversation': channel<Conversation>()(z.object({ conversationId: chatId })),
  'chat:create-conversation': channel<Conversation>()(z.object({ model: ModelRefSchema.optional(), tools: ChatToolChoiceSchema.optional() }).optional()),
  'chat:update-conversation': channel<Conversation>()(
    z.object({ conversationId: chatId, title: z.string().trim().min(1).max(200).optional(), model: ModelRefSchema.optional(), tools: ChatToolChoiceSchema.optional() })
  ),
  'chat:delete-conversation': channel<void>()(z.object({ conversationId: chatId })),
  /** the user's message: main runs the turn and streams it as chat:event; resolves when the turn began */
  'chat:send': channel<{ messageId: string }>()(
    z.object({
      conversationId: chatId,
      text: z.string().trim().min(1, 'write a message first').max(200_000),
      /** resources attached with `@`: main reads each and gives its text to the model as context */
      attachments: z.array(ChatAttachmentRefSchema).max(MAX_ATTACHMENTS, `attach at most ${MAX_ATTACHMENTS} resources to one message`).optional(),
      /** a prompt's images (chat:get-prompt gives them only for a model that takes images) */
      images: z.array(ChatImageSchema).max(MAX_CHAT_IMAGES, `at most ${MAX_CHAT_IMAGES} images in one message`).optional()
    })
  ),
  /** the prompts, resources and templates of the chat's servers, for the composer's `/` and `@` menus */
  'chat:list-context': channel<ChatContextServer[]>()(z.object({ conversationId: chatId })),
  /** reads a resource of one of the chat's servers for a chip (a binary one is refused); chat:send reads it again */
  'chat:attach-resource': channel<ChatAttachment>()(z.object({ conversationId: chatId, ...ChatAttachmentRefSchema.shape })),
  /** runs a prompt of one of the chat's servers (prompts/get): its messages as the text of the user's next message */
  'chat:get-prompt': channel<ChatPromptText>()(
    z.object({ conversationId: chatId, serverId: z.string().min(1).max(200), name: z.string().min(1).max(500), args: ChatPromptArgsSchema.default({}) })
  ),
  /** runs the last user message again (after a provider error) */
  'chat:retry': channel<{ messageId: string }>()(z.object({ conversationId: chatId })),
  /** stops the running turn: the model stream and any tool call (the server is told) */
  'chat:stop': channel<boolean>()(z.object({ conversationId: chatId })),
  /** the tools a chat would send now: their count, by server (for the picker) */
  'chat:list-tools': channel<ChatServerTools[]>()(z.object({ conversationId: chatId })),
  'chat:respond-approval': channel<boolean>()(z.object({ requestId: z.string().min(1).max(200), decision: ApprovalDecisionSchema })),
  /** approvals still waiting: a window that (re)loads shows them */
  'chat:pending-approvals': channel<ChatApprovalRequest[]>()(none),
  /** a model drafts the reply to a waiting sampling request (streamed as chat:sampling-draft); the user still approves it */
  'chat:draft-sampling': channel<SamplingDraft>()(z.object({ requestId: z.string().min(1).max(200), model: ModelRefSchema.optional() })),
  /** stops a running draft: the text so far stays in the reply box */
  'chat:stop-sampling-draft': channel<boolean>()(z.object({ requestId: z.string().min(1).max(200) })),

  // the Trace window: recent operations as spans, kept in main
  /** recent traces, newest first, each by its root span */
  'trace:list': channel<TraceSummary[]>()(TraceListFilterSchema),
  /** one trace's spans in start order; empty once it was dropped */
  'trace:get': channel<TraceSpan[]>()(z.object({ traceId: z.string().regex(/^[0-9a-f]{32}$/) })),
  'trace:clear': channel<void>()(none),
  /** a window shows spans live: main builds them as they start for TRACE_WATCH_LEASE_MS (renewed while it shows them) */
  'trace:watch': channel<void>()(none),
  /** whether new operations become spans (the window's Pause / Resume recording) */
  'trace:get-recording': channel<boolean>()(none),
  /** paused, new operations are not traced (no span, no traceparent); what is kept stays */
  'trace:set-recording': channel<boolean>()(z.object({ on: z.boolean() })),
  /** the OTLP export setting, header values masked, and whether OTEL_EXPORTER_OTLP_* overrides it */
  'trace:get-export': channel<TraceExportSettings>()(none),
  /** saved sealed and applied at once (unless the environment overrides it); a masked header value keeps the stored one */
  'trace:set-export': channel<TraceExportSettings>()(TraceExportInputSchema),
  /** one test span sent to the collector the dialog shows (saved or not); nothing is saved */
  'trace:test-export': channel<TraceExportTestResult>()(TraceExportInputSchema),

  // finding servers in MCP Registries (not the app's own server list)
  /** the registries searched: MCP_REGISTRY_URL first, then the saved ones */
  'discovery:registries': channel<RegistrySource[]>()(none),
  /** saves the user's registries (http(s) addresses); answers the new list */
  'discovery:set-registries': channel<RegistrySource[]>()(z.object({ urls: z.array(z.string().min(1).max(2000)).max(50) })),
  /** one page of a registry's servers matching the search, each as its review or why it is refused */
  'discovery:search': channel<DiscoverySearchResult>()(
    z.object({ registryUrl: registryAddress, search: z.string().max(200), cursor: z.string().max(2000).optional(), limit: z.number().int().min(1).max(100).optional() })
  ),
  /** one server's latest (or named) version, as its review */
  'discovery:get': channel<DiscoveryListing>()(z.object({ registryUrl: registryAddress, name: registryName, version: z.string().max(200).optional() })),
  /** adds it switched on, waiting for approval; a missing required input is refused by name (MISSING_INPUT) */
  'discovery:add': channel<McpServer>()(
    z.object({ registryUrl: registryAddress, name: registryName, version: z.string().max(200).optional(), values: z.record(z.string().max(200), z.string().max(20_000)) })
  ),
  /**
   * an entry that ships a desktop extension bundle (.mcpb): downloaded over https (progress on
   * discovery:bundle-progress), its SHA-256 checked, staged as extensions:stage stages a file;
   * installed with extensions:install, like any extension
   */
  'discovery:stage-bundle': channel<ExtensionPreview>()(
    z.object({ registryUrl: registryAddress, name: registryName, version: z.string().max(200).optional(), downloadId: z.string().min(1).max(100) })
  ),
  /** stops a discovery:stage-bundle download; nothing is staged (an unknown id is already over) */
  'discovery:cancel-bundle': channel<void>()(z.object({ downloadId: z.string().min(1).max(100) }))
} satisfies ChannelTable

/** Main → renderer events, declared once with their payloads. */
export const ipcEvents = {
  /** an install link arrived (Electron): the window takes it with app:take-install-links */
  'app:install-links': event<Record<string, never>>(),
  /** an extension file was opened with the app (Electron): the window takes it with extensions:take-opened */
  'extensions:files-opened': event<Record<string, never>>(),
  /** how much of a registry's extension bundle has arrived (discovery:stage-bundle) */
  'discovery:bundle-progress': event<{ downloadId: string; received: number; total?: number }>(),
  /** the server list changed (any window, the CLI, an installer): the renderer's mirror is replaced */
  'servers:changed': event<ServersSnapshot>(),
  /** logs travel in batches so a flooding server cannot flood the renderer */
  'mcp:server-log': event<ServerLogEvent>(),
  /** every JSON-RPC message a server exchanged, in batches like the log */
  'mcp:messages': event<McpMessagesEvent>(),
  'mcp:progress': event<ProgressEvent>(),
  /** a server's state changed (main's server manager is its one writer) */
  'mcp:server-status': event<ServerStatusEvent>(),
  /** a server's tools, prompts or resources changed: list them again */
  'mcp:list-changed': event<ListChangedEvent>(),
  /** a subscribed resource changed */
  'mcp:resource-updated': event<ResourceUpdatedEvent>(),
  /** a server asks the user for input; answer on mcp:respond-elicitation */
  'mcp:elicitation-request': event<ElicitationRequestEvent>(),
  /** a server asks for a model completion; answer on mcp:respond-sampling */
  'mcp:sampling-request': event<SamplingRequestEvent>(),
  /** an elicitation or sampling request is over: close its dialog */
  'mcp:client-request-done': event<ClientRequestDoneEvent>(),
  /** a running chat turn: text deltas, tool calls and their states, the stored message at the end */
  'chat:event': event<ChatEventPayload>(),
  /** the list of conversations changed (created, renamed, deleted, a turn ended) */
  'chat:conversations-changed': event<Record<string, never>>(),
  /** the saved providers or the default model changed */
  'chat:providers-changed': event<Record<string, never>>(),
  /** a tool call waits for the user: answer on chat:respond-approval */
  'chat:approval-request': event<ChatApprovalRequest>(),
  /** an approval is no longer waiting (answered in any window, or its turn stopped) */
  'chat:approval-done': event<ChatApprovalDoneEvent>(),
  /** the reply a model drafts for a sampling request, so far (throttled) */
  'chat:sampling-draft': event<SamplingDraftEvent>(),
  /** spans that started or changed, in throttled batches (the Trace window's waterfall grows live) */
  'trace:spans': event<TraceSpansEvent>(),
  /** recording was paused or resumed (in any window): every Trace window shows it */
  'trace:recording': event<{ on: boolean }>()
} satisfies Record<string, EventDef>

export type IpcContract = typeof ipcContract
export type IpcChannelName = keyof IpcContract
export type IpcEventName = keyof typeof ipcEvents
export type EventPayload<E extends IpcEventName> = NonNullable<(typeof ipcEvents)[E]['payload']>

export type ArgsOf<D> = D extends ChannelDef<infer A> ? z.input<A> : never
export type ParsedArgsOf<D> = D extends ChannelDef<infer A> ? z.output<A> : never
export type ResultOf<D> = D extends ChannelDef<z.ZodType, infer R> ? R : never

export type IpcArgs<C extends IpcChannelName> = ArgsOf<IpcContract[C]>
export type IpcParsedArgs<C extends IpcChannelName> = ParsedArgsOf<IpcContract[C]>
export type IpcResult<C extends IpcChannelName> = ResultOf<IpcContract[C]>

/** `servers:add` → `add`, `mcp:list-tools` → `listTools`. */
export function methodName(channelName: string): { namespace: string; method: string } {
  const [namespace, rest = ''] = channelName.split(':')
  return { namespace, method: rest.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) }
}
