import { assertSafeExternalUrl } from '../../../security/externalUrl'

/**
 * The only URLs the sign-in opens. An authorization server chosen by a remote server's
 * metadata must not make the app open `file:`, `javascript:` or an app protocol, and a plain
 * `http:` page (a code and a session cookie in clear) is allowed only on this machine.
 */
export function checkAuthorizationUrl(input: string | URL): URL {
  return assertSafeExternalUrl(String(input), { allowPlainHttp: false })
}
