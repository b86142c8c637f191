import { ChatSettingsChangeSchema, ChatSettingsSchema, DEFAULT_CHAT_SETTINGS, type ChatSettings, type ChatSettingsChange } from '@shared/chat/chatSettings'
import { StoredSetting, type SettingsStorage } from '../storage/StoredSetting'

export const CHAT_SETTINGS_KEY = 'chat.settings'

/**
 * Settings → Chat and each model's options on the Models page, in main's storage: read by the chat
 * service at the start of every turn, so a change applies to the next turn.
 */
export class ChatSettingsStore {
  private readonly setting: StoredSetting<ChatSettings>
  private queue: Promise<unknown> = Promise.resolve()

  constructor(storage: SettingsStorage) {
    this.setting = new StoredSetting(storage, CHAT_SETTINGS_KEY, ChatSettingsSchema, DEFAULT_CHAT_SETTINGS)
  }

  get(): Promise<ChatSettings> {
    return this.setting.get()
  }

  /** One change at a time, each on the last one's result, so two pages saving at once lose nothing. */
  change(input: ChatSettingsChange): Promise<ChatSettings> {
    const parsed = ChatSettingsChangeSchema.safeParse(input)
    if (!parsed.success) return Promise.reject(new Error(parsed.error.issues.map((i) => i.message).join('; ')))
    const { maxSteps, maxToolResultChars, model } = parsed.data
    return this.modify((current) => ({
      maxSteps: maxSteps ?? current.maxSteps,
      maxToolResultChars: maxToolResultChars ?? current.maxToolResultChars,
      models: model ? { ...current.models, [model.providerId]: { ...current.models[model.providerId], [model.model]: model.options } } : current.models
    }))
  }

  /** Forgets the options of providers that are gone, so a new provider that gets a removed one's id starts clean. */
  async keepProviders(providerIds: readonly string[]): Promise<void> {
    const current = await this.setting.get()
    if (Object.keys(current.models).every((id) => providerIds.includes(id))) return
    await this.modify((settings) => ({ ...settings, models: Object.fromEntries(Object.entries(settings.models).filter(([id]) => providerIds.includes(id))) }))
  }

  private modify(compute: (current: ChatSettings) => ChatSettings): Promise<ChatSettings> {
    const run = async () => {
      const next = compute(await this.setting.get())
      await this.setting.set(next)
      return next
    }
    const done = this.queue.then(run, run)
    this.queue = done.catch(() => undefined)
    return done
  }
}
