import { isAppUrl } from './appOrigin'

/**
 * The web permissions our pages use, and nothing more: the copy buttons call
 * navigator.clipboard.writeText (Chromium's "clipboard-sanitized-write"). No notifications,
 * camera, microphone, screen capture, location, clipboard reading, devices or fullscreen API.
 */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

/**
 * Whether a page at `origin` (an origin or the requesting frame's URL) may have `permission`.
 * Only our own pages, and only for what they use; everything else is denied.
 */
export function allowPermission(permission: string, origin: string | undefined, devServer?: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isAppUrl(origin, devServer)
}
