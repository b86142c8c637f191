import { ipcContract } from '@shared/ipc/contract'
import { appHandlers, type AppHandlerDeps } from './ipc/appHandlers'
import { chatHandlers } from './ipc/chatHandlers'
import { chatProviderHandlers } from './ipc/chatProviderHandlers'
import { discoveryHandlers } from './ipc/discoveryHandlers'
import { samplingDraftHandlers } from './ipc/samplingDraftHandlers'
import { extensionHandlers } from './ipc/extensionHandlers'
import { forwardEvents } from './ipc/forwardEvents'
import { IpcRouter, type IpcHandlers } from './ipc/IpcRouter'
import { mcpHandlers } from './ipc/mcpHandlers'
import { runtimeHandlers } from './ipc/runtimeHandlers'
import { serverHandlers } from './ipc/serverHandlers'
import { storageHandlers } from './ipc/storageHandlers'
import { traceHandlers } from './ipc/traceHandlers'
import { ChatService } from './services/chat/ChatService'
import { ChatSettingsStore } from './services/chat/ChatSettingsStore'
import { chatSettingsHandlers } from './ipc/chatSettingsHandlers'
import { ProviderStore } from './services/chat/ProviderStore'
import { SamplingDrafts } from './services/chat/SamplingDrafts'
import { ExtensionInstaller } from './services/extensions/ExtensionInstaller'
import type { OpenedFileInbox } from './services/extensions/OpenedFileInbox'
import { MCPService, type MCPServiceOptions } from './services/mcp/MCPService'
import type { McpHost } from './services/mcp/mcpHost'
import { defaultBinDirs } from './services/mcp/mcpServiceOptions'
import { sharedLoginShellEnv } from './services/mcp/shellEnv'
import { ServerManager } from './services/lifecycle/ServerManager'
import { McpRegistryClient } from './services/discovery/McpRegistryClient'
import { RegistrySources } from './services/discovery/registrySources'
import { ServerRegistry } from './services/servers/ServerRegistry'
import { hostRuntimes } from './services/runtimes/hostRuntimes'
import { FileStorage } from './services/storage/FileStorage'
import { SignInSettingsStore } from './services/mcp/oauth/SignInSettingsStore'
import { signInSettingsHandlers } from './ipc/signInSettingsHandlers'
import { chatTracer } from './services/trace/chatSpans'
import { hostTracing } from './services/trace/hostTracing'
import { mcpObserver, TracedMcpService } from './services/trace/TracedMcpService'

export interface Host {
  router: IpcRouter
  /** the MCP service as the handlers call it: each operation a span */
  mcp: McpHost
  registry: ServerRegistry
  storage: FileStorage
  extensions: ExtensionInstaller
  manager: ServerManager
  /** the chat's model providers and their keys */
  providers: ProviderStore
  /** conversations and their turns, run in main for every window */
  chat: ChatService
  /** ends every MCP client and child process, then waits for the registry's last write */
  close(): Promise<void>
}

export interface HostDeps extends AppHandlerDeps {
  /** tests lower timeouts; the app takes the defaults */
  mcpOptions?: Omit<MCPServiceOptions, 'platform' | 'trust'>
  /** .mcpb/.dxt files the operating system opened the app with (Electron) */
  openedExtensions?: OpenedFileInbox
}

/**
 * The composition root shared by Electron and browser mode: the server list read (or set aside
 * when damaged) before any window can ask for it, services built once, every channel handled.
 */
export async function createHost(deps: HostDeps): Promise<Host> {
  const { platform } = deps
  const registry = new ServerRegistry({ userDataDir: platform.userDataDir, encrypt: platform.encrypt, decrypt: platform.decrypt })
  await registry.load()
  return assembleHost(deps, registry)
}

/** The services and handlers around a registry that is already loaded. */
export function assembleHost(deps: HostDeps, registry: ServerRegistry): Host {
  const { platform } = deps
  // where processes start: only the exact config the user approved runs
  const storage = new FileStorage(platform.userDataDir)
  // every MCP operation a span, read by the Trace window, exported when configured
  const { tracing, otlp } = hostTracing({ secrets: () => mcp.secrets.values(), storage, encrypt: platform.encrypt?.bind(platform), decrypt: platform.decrypt?.bind(platform) })
  // tracing decorates the service: it sees the service's own work (connects, sign-in steps, log
  // lines) through the observer, and the handlers call the operations through it
  // node, uv, bun, python, docker: detected where servers look, a path the user set winning
  const runtimeFinder = hostRuntimes(platform.userDataDir, deps.mcpOptions)
  // the app-wide client metadata document, read once; each sign-in asks it
  const signIn = new SignInSettingsStore(storage)
  void signIn.load()
  const oauth = { ...deps.mcpOptions?.oauth, clientMetadataUrl: () => signIn.clientMetadataUrl() }
  const service = new MCPService({ ...deps.mcpOptions, oauth, runtimePaths: () => runtimeFinder.configured(), platform, trust: (server) => registry.approves(server), observer: mcpObserver(tracing), autoSample: (server, params, signal) => drafts.answerUnasked(server, params, signal) })
  const mcp = new TracedMcpService(service, tracing)
  forwardEvents({ platform, mcp, registry })
  const offSpans = tracing.store.onSpans((event) => platform.emit('trace:spans', event))
  const offRecording = tracing.onRecording((on) => platform.emit('trace:recording', { on }))
  // the window takes an install link when told one came (it may also come before any window)
  const offLinks = deps.installLinks?.onArrival(() => platform.emit('app:install-links', {}))
  // the same for a double-clicked extension file: the window takes it and opens the install dialog
  const offOpened = deps.openedExtensions?.onArrival(() => platform.emit('extensions:files-opened', {}))
  // a change the CLI makes while the app runs shows in the windows at once, and main acts on it
  const unwatch = registry.watch()
  // main runs each server's life, with or without a window: the active, approved ones start now
  const manager = new ServerManager(registry, mcp)
  const stopManaging = manager.start()
  // desktop extensions: what a process that died while staging or installing left is swept now
  // runtimes are looked for where servers will find them: the same login shell, bundled tools and paths set in Runtimes
  const runtimes = { loginEnv: deps.mcpOptions?.loginShellEnv ?? sharedLoginShellEnv, binDirs: deps.mcpOptions?.binDirs ?? defaultBinDirs(), runtimePaths: () => runtimeFinder.configured() }
  const extensions = new ExtensionInstaller({ userDataDir: platform.userDataDir, registry, runtimes, stopServer: (server) => mcp.stopServer(server) })
  void extensions.sweep().catch(() => undefined)
  // Settings → Chat and each model's options, read by every turn
  const chatSettings = new ChatSettingsStore(storage)
  // the chat's model providers: keys stay in main; the windows are told when the list changes
  const providers = new ProviderStore({ userDataDir: platform.userDataDir, encrypt: platform.encrypt?.bind(platform), decrypt: platform.decrypt?.bind(platform), env: process.env, fetch: platform.fetch })
  void providers.load().catch(() => undefined)
  const offProviders = providers.onChange(() => {
    platform.emit('chat:providers-changed', {})
    // a removed provider's model options go with it
    void providers.list().then((snapshot) => chatSettings.keepProviders(snapshot.providers.map((p) => p.id))).catch(() => undefined)
  })
  // a model drafts replies to servers' sampling requests (and answers them where the user allowed it)
  const drafts: SamplingDrafts = new SamplingDrafts({ mcp, providers, serverNow: (id) => registry.get(id), emit: platform.emit.bind(platform), fetch: platform.fetch })
  // conversations: each turn runs here, streamed to every window, its tool calls approved there
  const chat = new ChatService({ registry, mcp, providers, emit: platform.emit.bind(platform), userDataDir: platform.userDataDir, tracer: chatTracer(tracing), settings: chatSettings })
  // one handler per channel of the contract: a channel without one does not compile
  const handlers: IpcHandlers = {
    ...appHandlers(deps),
    ...storageHandlers(storage),
    ...serverHandlers({ registry, mcp, platform }),
    ...mcpHandlers(mcp, registry),
    ...traceHandlers(tracing, otlp),
    ...extensionHandlers({ installer: extensions, registry, platform, opened: deps.openedExtensions }),
    ...chatProviderHandlers({ providers, fetch: platform.fetch }),
    ...chatHandlers(chat),
    ...samplingDraftHandlers(drafts),
    // MCP Registries: read through the platform's fetch, the addresses in main's storage
    ...discoveryHandlers({ client: new McpRegistryClient({ fetch: platform.fetch }), sources: new RegistrySources(storage), registry, installer: extensions, platform }),
    ...runtimeHandlers(runtimeFinder),
    ...signInSettingsHandlers(signIn),
    ...chatSettingsHandlers(chatSettings)
  }
  // the collector's header values are secrets too: never in an error sent to a window
  const router = new IpcRouter(ipcContract, () => [...mcp.secrets.values(), ...otlp.secrets(), ...providers.secrets()])
  router.handleAll(handlers)
  return {
    router,
    mcp,
    registry,
    storage,
    extensions,
    manager,
    providers,
    chat,
    close: async () => {
      unwatch()
      stopManaging()
      // every turn stopped (its calls cancelled, what was said stored) before the servers go
      await chat.close()
      drafts.close()
      await extensions.staging.discardAll()
      offSpans()
      offRecording()
      offLinks?.()
      offOpened?.()
      offProviders()
      await mcp.closeAll()
      await tracing.shutdown()
      await registry.flush()
    }
  }
}
