import type { AppInfo } from '@shared/ipc/contract'
import type { Platform } from '../platform/Platform'
import { RemoteImages } from '../services/images/RemoteImages'
import type { InstallLinkInbox } from '../services/installLinks/InstallLinkInbox'
import { sharedLoginShellEnv, type LoginShellEnv } from '../services/mcp/shellEnv'
import { findKnownRegistries } from '../services/registries/knownRegistries'
import type { NamespaceHandlers } from './IpcRouter'
import type { RuntimeChannel } from './runtimeHandlers'
import type { SignInSettingsChannel } from './signInSettingsHandlers'

/** Opens the Trace window where the host can (Electron); browser mode hands back a URL instead. */
export interface WindowHost {
  /** `traceId`: a call's trace, which the window opens on */
  openTraceWindow(traceId?: string): { opened: boolean; url?: string }
}

export interface AppHandlerDeps {
  platform: Platform
  mode: AppInfo['mode']
  windows: WindowHost
  loginShellEnv?: () => Promise<LoginShellEnv>
  home?: string
  /** install links from the operating system (Electron); browser mode has none, its page reads /install */
  installLinks?: InstallLinkInbox
}

/** The runtimes' channels are answered by runtimeHandlers.ts. */
export function appHandlers(deps: AppHandlerDeps): Omit<NamespaceHandlers<'app'>, RuntimeChannel | SignInSettingsChannel> {
  const { platform, mode, windows } = deps
  const loginShellEnv = deps.loginShellEnv ?? sharedLoginShellEnv
  const images = new RemoteImages({ fetch: platform.fetch })
  const info: AppInfo = {
    name: platform.appName,
    version: platform.appVersion,
    mode,
    platform: process.platform,
    dataFolder: platform.userDataDir
  }
  return {
    'app:get-info': () => info,
    'app:open-external': ({ url }) => platform.openExternal(url),
    // only the app's own folder: the window never names a path to open
    'app:open-data-folder': async () => {
      if (!platform.openFolder) return { opened: false }
      await platform.openFolder(platform.userDataDir)
      return { opened: true }
    },
    'app:open-trace-window': (args) => windows.openTraceWindow(args?.traceId),
    'app:fetch-image': async ({ url }) => ({ dataUrl: await images.dataUrl(url) }),
    // read each time the editor opens: a mirror set up a minute ago shows without a restart
    'app:known-registries': async () => findKnownRegistries({ env: (await loginShellEnv()).env, home: deps.home }),
    'app:pick-folder': async () => {
      if (!platform.pickFolder) return { status: 'unavailable' }
      const path = await platform.pickFolder()
      return path ? { status: 'picked', path } : { status: 'cancelled' }
    },
    'app:pick-file': async () => {
      if (!platform.pickFile) return { status: 'unavailable' }
      const path = await platform.pickFile()
      return path ? { status: 'picked', path } : { status: 'cancelled' }
    },
    'app:take-install-links': () => deps.installLinks?.take() ?? []
  }
}
