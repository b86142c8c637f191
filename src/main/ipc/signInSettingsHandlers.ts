import type { SignInSettingsStore } from '../services/mcp/oauth/SignInSettingsStore'
import type { NamespaceHandlers } from './IpcRouter'

/** Settings → Sign-in: the app-wide client metadata document. */
export type SignInSettingsChannel = 'app:get-sign-in-settings' | 'app:set-sign-in-settings'

export function signInSettingsHandlers(settings: SignInSettingsStore): Pick<NamespaceHandlers<'app'>, SignInSettingsChannel> {
  return {
    'app:get-sign-in-settings': () => settings.get(),
    'app:set-sign-in-settings': (input) => settings.set(input)
  }
}
