import { z } from 'zod'
import type { RegistrySource } from '@shared/discovery/listing'
import { StoredSetting, type SettingsStorage } from '../storage/StoredSetting'
import { baseOf } from './McpRegistryClient'
import { PACKAGED_REGISTRY_URL } from './packagedRegistry'

/** main's own key in FileStorage (`{userData}/storage/discovery-registries.json`); windows reach only `persist:` keys */
const KEY = 'discovery-registries'
const SettingsSchema = z.object({ registries: z.array(z.string()).max(50) })

/**
 * The MCP Registries a user searches, the default first. The repo names no registry host: the
 * default is MCP_REGISTRY_URL, else the one the build was packaged with, else the first address
 * the user saved; with none of them, search says to add one.
 */
export class RegistrySources {
  private readonly setting: StoredSetting<z.infer<typeof SettingsSchema>>

  constructor(
    storage: SettingsStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly packaged: string | undefined = PACKAGED_REGISTRY_URL
  ) {
    this.setting = new StoredSetting(storage, KEY, SettingsSchema, { registries: [] })
  }

  async list(): Promise<RegistrySource[]> {
    const fromEnv = this.env.MCP_REGISTRY_URL?.trim()
    const { registries: saved } = await this.setting.get()
    const sources: RegistrySource[] = fromEnv ? [{ url: fromEnv, fromEnvironment: true }] : []
    const packaged = this.packagedBase()
    if (packaged && packaged !== fromEnv) sources.push({ url: packaged, fromEnvironment: false, packaged: true })
    for (const url of saved) if (url !== fromEnv && url !== packaged) sources.push({ url, fromEnvironment: false })
    return sources
  }

  /** a packaged address that is not an http(s) URL is the build's mistake: left out, not a failure of every search */
  private packagedBase(): string | undefined {
    try {
      return this.packaged ? baseOf(this.packaged) : undefined
    } catch {
      return undefined
    }
  }

  /** the saved addresses, each checked as an http(s) URL (the setting names one that is not) */
  async save(urls: string[]): Promise<RegistrySource[]> {
    const clean = [...new Set(urls.map((url) => baseOf(url.trim())))]
    await this.setting.set({ registries: clean })
    return this.list()
  }
}
