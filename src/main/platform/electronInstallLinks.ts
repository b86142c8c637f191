import type { App } from 'electron'
import { resolve } from 'node:path'
import { INSTALL_LINK_PROTOCOL } from '@shared/mcp/installLink'
import { installLinksIn } from '../services/installLinks/InstallLinkInbox'

/**
 * Makes the app the handler of `mcpstudio://` links and hands every link it receives to
 * `deliver`: macOS sends `open-url` (also before the app is ready, so this runs early); Windows
 * and Linux start the app with the link in argv, or a second instance whose argv reaches the first
 * as `second-instance`. Call before `whenReady`.
 */
export function registerInstallLinks(app: App, deliver: (link: string) => void, argv: readonly string[] = process.argv): void {
  // a development run (`electron .`) registers itself with the app's path, or the OS would start bare Electron
  if (process.defaultApp && argv.length >= 2) {
    app.setAsDefaultProtocolClient(INSTALL_LINK_PROTOCOL, process.execPath, [resolve(argv[1])])
  } else {
    app.setAsDefaultProtocolClient(INSTALL_LINK_PROTOCOL)
  }
  app.on('open-url', (event, url) => {
    event.preventDefault()
    deliver(url)
  })
  app.on('second-instance', (_event, secondArgv) => installLinksIn(secondArgv).forEach(deliver))
  // the link that started this instance
  installLinksIn(argv).forEach(deliver)
}
