import type { z } from 'zod'

/** main's settings storage: one JSON text per key (FileStorage) */
export interface SettingsStorage {
  getItem(key: string): Promise<string | null>
  setItem(key: string, value: string): Promise<void>
}

/**
 * One of main's own settings in its storage, checked with its schema: read once and kept, written
 * through. A stored value that is missing, not JSON or no longer valid reads as `fallback`.
 */
export class StoredSetting<T> {
  private value: T
  private loaded: Promise<void> | undefined

  constructor(
    private readonly storage: SettingsStorage,
    private readonly key: string,
    private readonly schema: z.ZodType<T>,
    private readonly fallback: T
  ) {
    this.value = fallback
  }

  load(): Promise<void> {
    this.loaded ??= this.storage.getItem(this.key).then(
      (text) => {
        if (!text) return
        try {
          const parsed = this.schema.safeParse(JSON.parse(text))
          if (parsed.success) this.value = parsed.data
        } catch {
          // not JSON: the fallback stands
        }
      },
      () => undefined
    )
    return this.loaded
  }

  async get(): Promise<T> {
    await this.load()
    return this.value
  }

  /** the value as last read or written; the fallback until `load` has run */
  current(): T {
    return this.value
  }

  async set(next: T): Promise<void> {
    await this.load()
    await this.storage.setItem(this.key, JSON.stringify(next))
    this.value = next
  }
}
