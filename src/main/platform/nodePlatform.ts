import { appIdentity } from '../appIdentity'
import { assertSafeExternalUrl } from '../security/externalUrl'
import type { Platform, PlatformEventListener } from './Platform'
import { defaultUserDataDir } from './userDataDir'

export interface NodePlatformOptions {
  userDataDir?: string
  /** receives every event main emits (the browser bridge, the CLI, tests) */
  onEvent?: PlatformEventListener
  /** how a validated URL is opened; `open` (the system browser) by default */
  openUrl?: (url: string) => Promise<unknown>
  fetch?: typeof fetch
}

/** The Platform for plain Node: browser mode, the CLI and tests run the real services on it. */
export function createNodePlatform(options: NodePlatformOptions = {}): Platform {
  // loaded when a link is first opened, not at every CLI start
  const openUrl = options.openUrl ?? (async (url: string) => (await import('open')).default(url))
  return {
    kind: 'node',
    appName: appIdentity.name,
    appVersion: appIdentity.version,
    userDataDir: options.userDataDir ?? defaultUserDataDir(),
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    async openExternal(url) {
      const safe = assertSafeExternalUrl(url)
      await openUrl(safe.href)
    },
    emit(event, payload) {
      options.onEvent?.(event, payload)
    }
  }
}
