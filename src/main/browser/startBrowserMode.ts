import { randomBytes } from 'node:crypto'
import { createHost, type Host } from '../createHost'
import { createNodePlatform, type NodePlatformOptions } from '../platform/nodePlatform'
import { userLoginShellEnv } from '../services/mcp/loginEnvCache'
import { startBrowserServer, type BrowserServer } from './BrowserServer'

export interface BrowserModeOptions {
  rendererDir: string
  port?: number
  userDataDir?: string
  token?: string
  openUrl?: NodePlatformOptions['openUrl']
}

export interface BrowserMode {
  host: Host
  server: BrowserServer
  token: string
  close(): Promise<void>
}

/** The whole app without Electron: real services on the Node platform, served to a browser tab. */
export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  // events can only go out once the server listens; the host is built before it
  const sink: { server?: BrowserServer } = {}
  const platform = createNodePlatform({
    userDataDir: options.userDataDir,
    openUrl: options.openUrl,
    onEvent: (event, payload) => sink.server?.broadcast(event, payload)
  })
  // the profile's environment from the last start: the first stdio server does not wait for the shell
  const loginShellEnv = userLoginShellEnv(platform.userDataDir)
  const host = await createHost({
    platform,
    mode: 'browser',
    loginShellEnv,
    mcpOptions: { loginShellEnv },
    // a new tab has its own sessionStorage, so the Trace page gets the token in its fragment too
    windows: { openTraceWindow: (traceId) => ({ opened: false, url: `/trace.html${traceId ? `?traceId=${traceId}` : ''}#token=${token}` }) }
  })
  const running = await startBrowserServer({ router: host.router, rendererDir: options.rendererDir, token, port: options.port })
  sink.server = running
  return {
    host,
    server: running,
    token,
    async close() {
      await host.close()
      await running.close()
    }
  }
}
