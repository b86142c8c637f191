import { z } from 'zod'
import type { RegistrySource } from '@shared/discovery/listing'
import type { FileStorage } from '../storage/FileStorage'
import { baseOf } from './McpRegistryClient'

/** main's own key in FileStorage (`{userData}/storage/discovery-registries.json`); windows reach only `persist:` keys */
const KEY = 'discovery-registries'
const SettingsSchema = z.object({ registries: z.array(z.string()).max(50) })

/**
 * The MCP Registries a user searches. The repo names no registry host: the default is
 * MCP_REGISTRY_URL, else the first address the user saved; with neither, search says to add one.
 */
export class RegistrySources {
  constructor(
    private readonly storage: FileStorage,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {}

  async list(): Promise<RegistrySource[]> {
    const fromEnv = this.env.MCP_REGISTRY_URL?.trim()
    const saved = await this.saved()
    const sources: RegistrySource[] = fromEnv ? [{ url: fromEnv, fromEnvironment: true }] : []
    for (const url of saved) if (url !== fromEnv) sources.push({ url, fromEnvironment: false })
    return sources
  }

  /** the saved addresses, each checked as an http(s) URL (the setting names one that is not) */
  async save(urls: string[]): Promise<RegistrySource[]> {
    const clean = [...new Set(urls.map((url) => baseOf(url.trim())))]
    await this.storage.setItem(KEY, JSON.stringify({ registries: clean }))
    return this.list()
  }

  private async saved(): Promise<string[]> {
    const text = await this.storage.getItem(KEY).catch(() => null)
    if (!text) return []
    try {
      const parsed = SettingsSchema.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data.registries : []
    } catch {
      return []
    }
  }
}
