import { app, protocol, session, type Session } from 'electron'
import { APP_SCHEME } from '../security/appOrigin'
import { createAppProtocolHandler } from '../security/appProtocol'
import { allowPermission } from '../security/permissionPolicy'
import { devServerUrl } from './electronDevServer'

/**
 * Before the app is ready: app:// is a standard scheme (a real origin, so 'self', relative URLs
 * and module scripts work), secure (no mixed-content exceptions needed) and allowed in fetch.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }])
}

/** After ready: app:// serves the built renderer folder and nothing else (the pages stop using file://). */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir))
}

/** Every permission our pages do not use is denied, asked or merely checked; no devices, no screen capture. */
export function applyPermissionPolicy(ses: Session, devServer = devServerUrl()): void {
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(allowPermission(permission, details.requestingUrl, devServer))
  })
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) => allowPermission(permission, requestingOrigin, devServer))
  ses.setDevicePermissionHandler(() => false)
  ses.setDisplayMediaRequestHandler((_request, callback) => callback(null))
}

/** The policy on the default session and on any session created later. */
export function lockDownSessions(): void {
  applyPermissionPolicy(session.defaultSession)
  app.on('session-created', (created) => applyPermissionPolicy(created))
}
