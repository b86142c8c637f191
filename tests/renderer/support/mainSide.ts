import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApi } from '@shared/ipc/createApi'
import type { McpApi } from '@shared/ipc/api'
import type { IpcResponse } from '@shared/ipc/errors'
import type { IpcEventName } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { assembleHost, createHost } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import type { InstallLinkInbox } from '../../../src/main/services/installLinks/InstallLinkInbox'
import type { OpenedFileInbox } from '../../../src/main/services/extensions/OpenedFileInbox'
import type { LoginShellEnv } from '../../../src/main/services/mcp/shellEnv'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { createDirectApi } from '../../support/directApi'

/** The real main side (every channel; an empty server list) on a throwaway user-data folder. */
export function createAppRouter(traceUrl = '/trace.html') {
  const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-studio-renderer-'))
  let emit: (event: IpcEventName, payload: unknown) => void = () => {}
  const platform = createNodePlatform({ userDataDir, onEvent: (event, payload) => emit(event, structuredClone(payload)) })
  // a new folder holds nothing to load: the registry starts empty without it
  const host = assembleHost(
    { platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false, url: traceUrl }) } },
    new ServerRegistry({ userDataDir })
  )
  /** main's events go to this api's listeners */
  const connect = (direct: ReturnType<typeof createDirectApi>) => {
    emit = direct.emit
    return direct.api
  }
  return { router: host.router, host, userDataDir, connect, dispose: () => rmSync(userDataDir, { recursive: true, force: true }) }
}

/** A real api on the real router, main's events included. */
export function createRealApi(): { api: McpApi; dispose: () => void } {
  const { router, connect, dispose } = createAppRouter()
  return { api: connect(createDirectApi(router)), dispose }
}

/**
 * A real api whose transport drops the first `failures` calls to `channel` the way the browser
 * bridge does when main is unreachable (an error response), and answers every other call from
 * the real router. That is the situation the Retry button exists for.
 */
export function createFlakyApi(channel: string, failures = 1): { api: McpApi; dispose: () => void; calls: () => number } {
  const { router, dispose } = createAppRouter()
  let remaining = failures
  let calls = 0
  const api = createApi({
    async invoke(name, args): Promise<IpcResponse> {
      if (name === channel) {
        calls++
        if (remaining > 0) {
          remaining--
          return {
            ok: false,
            error: { name: 'BridgeError', code: 'DISCONNECTED', message: 'Could not reach MCP Studio.' }
          }
        }
      }
      return structuredClone(await router.invoke(name, structuredClone(args), { via: 'direct' }))
    },
    on: () => () => {}
  })
  return { api, dispose, calls: () => calls }
}

const tracked: Array<() => void> = []

/** Remember a cleanup for `disposeTrackedApis`. */
export function trackDispose(dispose: () => void): void {
  tracked.push(dispose)
}

/** A real api whose user-data folder `disposeTrackedApis` removes (call it in afterEach). */
export function trackedRealApi(): McpApi {
  const real = createRealApi()
  trackDispose(real.dispose)
  return real.api
}

export function disposeTrackedApis(): void {
  while (tracked.length) tracked.pop()!()
}

/**
 * The whole main side, as the app builds it (createHost): app, storage, server-list and MCP
 * handlers on a real ServerRegistry and a real MCPService (real child processes), its events
 * delivered to the api's listeners. `addServers` puts servers in main's list as the user's
 * earlier session would have; `dispose` closes every server it started.
 */
export async function createMcpApi(
  options: {
    openUrl?: (url: string) => Promise<unknown>
    clientRequestTimeoutMs?: number
    /** the user's home and environment, where app:known-registries looks */
    home?: string
    loginShellEnv?: () => Promise<LoginShellEnv>
    /** install links as Electron's main receives them */
    installLinks?: InstallLinkInbox
    /** .mcpb/.dxt files as Electron's main receives them (a double-click) */
    openedExtensions?: OpenedFileInbox
    /** the app as Electron runs it; its native pickers stand in for Electron's dialogs, which cannot open here */
    electron?: { pickFolder?: () => Promise<string | undefined>; pickFile?: () => Promise<string | undefined> }
    /** the platform's fetch: one that trusts a test host's certificate, as Electron's trusts the system's */
    fetch?: typeof fetch
  } = {}
) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-studio-renderer-'))
  let emit: (event: IpcEventName, payload: unknown) => void = () => {}
  // openUrl: where "open in the browser" goes; a test records it rather than starting a browser
  const platform = {
    ...createNodePlatform({ userDataDir, openUrl: options.openUrl, onEvent: (event, payload) => emit(event, structuredClone(payload)) }),
    ...options.electron,
    ...(options.fetch ? { fetch: options.fetch } : {})
  }
  const host = await createHost({
    platform,
    mode: options.electron ? 'electron' : 'browser',
    windows: { openTraceWindow: () => ({ opened: false, url: '/trace.html' }) },
    home: options.home,
    loginShellEnv: options.loginShellEnv,
    installLinks: options.installLinks,
    openedExtensions: options.openedExtensions,
    mcpOptions: { stopGraceMs: 500, connectTimeoutFloorMs: 30_000, clientRequestTimeoutMs: options.clientRequestTimeoutMs }
  })
  const direct = createDirectApi(host.router)
  emit = direct.emit
  return {
    api: direct.api,
    service: host.mcp,
    /** main's server manager: `settled()` waits for what it was asked to do */
    manager: host.manager,
    registry: host.registry,
    userDataDir,
    /** saved in main's list; approved unless listed in `unapproved` */
    addServers: async (servers: McpServer[], unapproved: string[] = []) => {
      await host.registry.add(servers)
      const approve = servers.map((s) => s.id).filter((id) => !unapproved.includes(id))
      for (const id of approve) await host.registry.approve(id)
    },
    dispose: async () => {
      await host.close()
      rmSync(userDataDir, { recursive: true, force: true })
    }
  }
}
