import { SignInSettingsSchema, type SignInSettings } from '@shared/mcp/signInSettings'
import { StoredSetting, type SettingsStorage } from '../../storage/StoredSetting'

export const SIGN_IN_SETTING_KEY = 'oauth.settings'

/**
 * The app-wide sign-in setting, read once at start and kept in memory, so each sign-in asks it
 * without reading a file. A stored value that no longer validates counts as unset.
 */
export class SignInSettingsStore {
  private readonly setting: StoredSetting<SignInSettings>

  constructor(storage: SettingsStorage) {
    this.setting = new StoredSetting(storage, SIGN_IN_SETTING_KEY, SignInSettingsSchema, { clientMetadataUrl: '' })
  }

  load(): Promise<void> {
    return this.setting.load()
  }

  async get(): Promise<SignInSettings> {
    return { ...(await this.setting.get()) }
  }

  async set(next: SignInSettings): Promise<SignInSettings> {
    await this.setting.set(next)
    return { ...next }
  }

  /** the document to use where a server names none; undefined for dynamic registration */
  clientMetadataUrl(): string | undefined {
    return this.setting.current().clientMetadataUrl || undefined
  }
}
