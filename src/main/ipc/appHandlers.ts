import { IpcChannel } from '@shared/ipc/IpcChannel'
import type { AppInfo } from '@shared/ipc/contract'
import type { Platform } from '../platform/Platform'
import { RemoteImages } from '../services/images/RemoteImages'
import { sharedLoginShellEnv, type LoginShellEnv } from '../services/mcp/shellEnv'
import { findKnownRegistries } from '../services/registries/knownRegistries'
import type { IpcRouter } from './IpcRouter'

/** Opens the Trace window where the host can (Electron); browser mode hands back a URL instead. */
export interface WindowHost {
  openTraceWindow(): { opened: boolean; url?: string }
}

export function registerAppHandlers(
  router: IpcRouter,
  deps: { platform: Platform; mode: AppInfo['mode']; windows: WindowHost; loginShellEnv?: () => Promise<LoginShellEnv>; home?: string }
): void {
  const { platform, mode, windows } = deps
  const loginShellEnv = deps.loginShellEnv ?? sharedLoginShellEnv
  const images = new RemoteImages({ fetch: platform.fetch })
  const info: AppInfo = {
    name: platform.appName,
    version: platform.appVersion,
    mode,
    platform: process.platform
  }
  router.handle(IpcChannel.App_GetInfo, () => info)
  router.handle(IpcChannel.App_OpenExternal, ({ url }) => platform.openExternal(url))
  router.handle(IpcChannel.App_OpenTraceWindow, () => windows.openTraceWindow())
  router.handle(IpcChannel.App_FetchImage, async ({ url }) => ({ dataUrl: await images.dataUrl(url) }))
  // read each time the editor opens: a mirror set up a minute ago shows without a restart
  router.handle(IpcChannel.App_KnownRegistries, async () => findKnownRegistries({ env: (await loginShellEnv()).env, home: deps.home }))
}
