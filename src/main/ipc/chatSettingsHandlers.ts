import type { ChatSettingsStore } from '../services/chat/ChatSettingsStore'
import type { NamespaceHandlers } from './IpcRouter'

/** Settings → Chat and the Models page's per-model options. */
export type ChatSettingsChannel = 'chat:get-settings' | 'chat:change-settings'

export function chatSettingsHandlers(settings: ChatSettingsStore): Pick<NamespaceHandlers<'chat'>, ChatSettingsChannel> {
  return {
    'chat:get-settings': () => settings.get(),
    'chat:change-settings': (change) => settings.change(change)
  }
}
