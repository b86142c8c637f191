import { SignInSettingsSchema, type SignInSettings } from '@shared/mcp/signInSettings'

/** main's settings storage: one JSON text per key (FileStorage) */
interface SettingsStorage {
  getItem(key: string): Promise<string | null>
  setItem(key: string, value: string): Promise<void>
}

export const SIGN_IN_SETTING_KEY = 'oauth.settings'

/**
 * The app-wide sign-in setting, read once at start and kept in memory, so each sign-in asks it
 * without reading a file. A stored value that no longer validates counts as unset.
 */
export class SignInSettingsStore {
  private settings: SignInSettings = { clientMetadataUrl: '' }
  private loaded: Promise<void> | undefined

  constructor(private readonly storage: SettingsStorage) {}

  load(): Promise<void> {
    this.loaded ??= this.storage.getItem(SIGN_IN_SETTING_KEY).then(
      (text) => {
        const parsed = text ? SignInSettingsSchema.safeParse(JSON.parse(text)) : undefined
        if (parsed?.success) this.settings = parsed.data
      },
      () => undefined
    ).catch(() => undefined)
    return this.loaded
  }

  async get(): Promise<SignInSettings> {
    await this.load()
    return { ...this.settings }
  }

  async set(next: SignInSettings): Promise<SignInSettings> {
    await this.load()
    await this.storage.setItem(SIGN_IN_SETTING_KEY, JSON.stringify(next))
    this.settings = next
    return { ...next }
  }

  /** the document to use where a server names none; undefined for dynamic registration */
  clientMetadataUrl(): string | undefined {
    return this.settings.clientMetadataUrl || undefined
  }
}
