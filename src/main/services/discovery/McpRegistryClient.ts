import { LRUCache } from 'lru-cache'
import { isDeleted, RegistryEntrySchema, RegistryPageSchema, type RegistryEntry } from '@shared/discovery/serverJson'
import { DiscoveryError } from './discoveryError'

/** one page of search results; deleted entries are already gone */
export interface RegistryPage {
  /** the entries as sent; an entry whose shape is wrong is kept as its name and why */
  entries: Array<{ entry: RegistryEntry } | { name: string; problem: string }>
  nextCursor?: string
}

export interface McpRegistryClientOptions {
  fetch: typeof fetch
  /** how long an answer is reused; a registry's list changes slowly, a user types fast */
  ttlMs?: number
  timeoutMs?: number
}

/** the read API's versions, newest first: a registry that has no `/v0.1` is asked on `/v0` */
const API_VERSIONS = ['v0.1', 'v0'] as const

/**
 * Reads an MCP Registry (`GET /servers`, `GET /servers/{name}/versions/{version}`) through the
 * platform's fetch. Answers are checked with zod and kept briefly; failures are sentences.
 */
export class McpRegistryClient {
  private readonly cache: LRUCache<string, { value: unknown }>
  /** which API version each registry answered on */
  private readonly versions = new Map<string, string>()

  constructor(private readonly options: McpRegistryClientOptions) {
    this.cache = new LRUCache({ max: 200, ttl: options.ttlMs ?? 60_000 })
  }

  async search(baseUrl: string, query: { search?: string; limit?: number; cursor?: string }): Promise<RegistryPage> {
    const params = new URLSearchParams()
    if (query.search) params.set('search', query.search)
    if (query.limit) params.set('limit', String(query.limit))
    if (query.cursor) params.set('cursor', query.cursor)
    const body = await this.get(baseUrl, `/servers${params.size ? `?${params}` : ''}`)
    const page = RegistryPageSchema.safeParse(body)
    if (!page.success) throw new DiscoveryError('MCP_REGISTRY_FAILED', `${baseUrl} did not answer with a list of servers (no "servers" array)`)
    const entries: RegistryPage['entries'] = []
    for (const raw of page.data.servers) {
      const entry = RegistryEntrySchema.safeParse(raw)
      if (!entry.success) {
        const name = (raw as { server?: { name?: unknown } })?.server?.name
        entries.push({ name: typeof name === 'string' ? name : '(no name)', problem: `not a server.json entry: ${entry.error.issues[0]?.path.join('.') || 'server'} ${entry.error.issues[0]?.message ?? ''}`.trim() })
      } else if (!isDeleted(entry.data)) entries.push({ entry: entry.data })
    }
    return { entries, nextCursor: page.data.metadata?.nextCursor || undefined }
  }

  /** one server's entry, its latest version unless one is named; a deleted one is not found */
  async entry(baseUrl: string, name: string, version = 'latest'): Promise<RegistryEntry> {
    const body = await this.get(baseUrl, `/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, version === 'latest' ? `server named "${name}"` : `version ${version} of "${name}"`)
    const entry = RegistryEntrySchema.safeParse(body)
    if (!entry.success) {
      const issue = entry.error.issues[0]
      throw new DiscoveryError('BAD_REGISTRY_ENTRY', `${name} is not a valid server.json entry: ${issue?.path.join('.') || 'server'} ${issue?.message ?? ''}`.trim())
    }
    if (isDeleted(entry.data)) throw new DiscoveryError('MCP_REGISTRY_NOT_FOUND', `${name} was deleted from ${baseUrl}`)
    return entry.data
  }

  /** `missing`: what a 404 means for this path ("server named …"); without it, the list */
  private async get(baseUrl: string, path: string, missing?: string): Promise<unknown> {
    const base = baseOf(baseUrl)
    const key = `${base}${path}`
    const hit = this.cache.get(key)
    if (hit) return hit.value
    const known = this.versions.get(base)
    const versions = /\/v0(\.1)?$/.test(base) ? [''] : known !== undefined ? [known] : API_VERSIONS
    for (const version of versions) {
      const url = `${base}${version ? `/${version}` : ''}${path}`
      const response = await this.fetchOnce(url, baseUrl)
      // a registry without this API version answers 404 for the list; try the older one
      if (response.status === 404 && !missing && version !== versions[versions.length - 1]) continue
      if (response.status === 404 && missing) {
        if (version !== versions[versions.length - 1] && !(await this.listAnswers(base, version))) continue
        throw new DiscoveryError('MCP_REGISTRY_NOT_FOUND', `${baseUrl} has no ${missing}`)
      }
      if (!response.ok) throw new DiscoveryError('MCP_REGISTRY_FAILED', `${baseUrl} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`)
      let value: unknown
      try {
        value = await response.json()
      } catch {
        throw new DiscoveryError('MCP_REGISTRY_FAILED', `${baseUrl} did not answer with JSON: is it an MCP Registry?`)
      }
      this.versions.set(base, version)
      this.cache.set(key, { value })
      return value
    }
    throw new DiscoveryError('MCP_REGISTRY_FAILED', `${baseUrl} has no MCP Registry API (/v0.1 or /v0)`)
  }

  /** whether this API version exists on the registry: a missing entry and a missing API both answer 404 */
  private async listAnswers(base: string, version: string): Promise<boolean> {
    const response = await this.fetchOnce(`${base}/${version}/servers?limit=1`, base)
    return response.ok
  }

  private async fetchOnce(url: string, baseUrl: string): Promise<Response> {
    try {
      return await this.options.fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000) })
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError'
      throw new DiscoveryError(
        'MCP_REGISTRY_UNREACHABLE',
        timedOut ? `${baseUrl} did not answer in time` : `could not reach ${baseUrl}: you may be offline, or the address is wrong`
      )
    }
  }
}

/** the address as given, without a trailing slash; http(s) only */
export function baseOf(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new DiscoveryError('MCP_REGISTRY_UNSET', `"${baseUrl}" is not a URL: give the registry's address, such as https://registry.example.com`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DiscoveryError('MCP_REGISTRY_UNSET', `the registry's address must be http(s), not ${url.protocol}`)
  url.search = ''
  url.hash = ''
  return url.toString().replace(/\/+$/, '')
}
