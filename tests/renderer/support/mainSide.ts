import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApi } from '@shared/ipc/createApi'
import type { McpApi } from '@shared/ipc/api'
import type { IpcResponse } from '@shared/ipc/errors'
import type { IpcEventName } from '@shared/ipc/IpcChannel'
import { IpcRouter } from '../../../src/main/ipc/IpcRouter'
import { registerAppHandlers } from '../../../src/main/ipc/registerAppHandlers'
import { registerMcpHandlers } from '../../../src/main/ipc/registerMcpHandlers'
import { registerStorageHandlers } from '../../../src/main/ipc/registerStorageHandlers'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { MCPService } from '../../../src/main/services/mcp/MCPService'
import type { LoginShellEnv } from '../../../src/main/services/mcp/shellEnv'
import { FileStorage } from '../../../src/main/services/storage/FileStorage'
import { createDirectApi } from '../../support/directApi'

/** The real main-side router with the app and storage handlers, on a throwaway user-data folder. */
export function createAppRouter(traceUrl = '/trace.html') {
  const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-studio-renderer-'))
  const router = new IpcRouter()
  registerAppHandlers(router, {
    platform: createNodePlatform({ userDataDir }),
    mode: 'browser',
    windows: { openTraceWindow: () => ({ opened: false, url: traceUrl }) }
  })
  registerStorageHandlers(router, new FileStorage(userDataDir))
  return { router, userDataDir, dispose: () => rmSync(userDataDir, { recursive: true, force: true }) }
}

/** A real api on the real router. */
export function createRealApi(): { api: McpApi; dispose: () => void } {
  const { router, dispose } = createAppRouter()
  return { api: createDirectApi(router).api, dispose }
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
 * The whole main side: app, storage and MCP handlers on a real MCPService (real child processes),
 * its events delivered to the api's listeners. `dispose` closes every server it started.
 */
export function createMcpApi(
  options: {
    openUrl?: (url: string) => Promise<unknown>
    clientRequestTimeoutMs?: number
    /** the user's home and environment, where app:known-registries looks */
    home?: string
    loginShellEnv?: () => Promise<LoginShellEnv>
  } = {}
): { api: McpApi; service: MCPService; dispose: () => Promise<void> } {
  const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-studio-renderer-'))
  let emit: (event: IpcEventName, payload: unknown) => void = () => {}
  // openUrl: where "open in the browser" goes; a test records it rather than starting a browser
  const platform = createNodePlatform({ userDataDir, openUrl: options.openUrl, onEvent: (event, payload) => emit(event, structuredClone(payload)) })
  const router = new IpcRouter()
  registerAppHandlers(router, {
    platform,
    mode: 'browser',
    windows: { openTraceWindow: () => ({ opened: false, url: '/trace.html' }) },
    home: options.home,
    loginShellEnv: options.loginShellEnv
  })
  registerStorageHandlers(router, new FileStorage(userDataDir))
  const service = new MCPService({
    platform,
    stopGraceMs: 500,
    connectTimeoutFloorMs: 30_000,
    clientRequestTimeoutMs: options.clientRequestTimeoutMs
  })
  registerMcpHandlers(router, service)
  const direct = createDirectApi(router)
  emit = direct.emit
  return {
    api: direct.api,
    service,
    dispose: async () => {
      await service.closeAll()
      rmSync(userDataDir, { recursive: true, force: true })
    }
  }
}
