import { listingOf, type DiscoveryListing, type DiscoverySearchResult } from '@shared/discovery/listing'
import type { McpRegistryClient } from './McpRegistryClient'

/** One page of a registry as reviews: each entry's target and inputs, or why it is refused. */
export async function searchPage(client: McpRegistryClient, registryUrl: string, query: { search?: string; limit?: number; cursor?: string }): Promise<DiscoverySearchResult> {
  const page = await client.search(registryUrl, query)
  const items: DiscoveryListing[] = page.entries.map((item) => ('entry' in item ? listingOf(item.entry.server) : { ok: false, name: item.name, problem: item.problem }))
  return { registryUrl, items, nextCursor: page.nextCursor }
}

/** Follows the cursors until `limit` entries (or the last page). */
export async function searchAll(client: McpRegistryClient, registryUrl: string, search: string, limit: number): Promise<DiscoverySearchResult> {
  const items: DiscoveryListing[] = []
  let cursor: string | undefined
  const seen = new Set<string>()
  do {
    const page = await searchPage(client, registryUrl, { search, limit: Math.min(100, limit - items.length), cursor })
    items.push(...page.items.slice(0, limit - items.length))
    cursor = page.nextCursor
    // a registry that hands back a cursor it gave before would page forever
    if (cursor !== undefined && seen.has(cursor)) break
    if (cursor !== undefined) seen.add(cursor)
  } while (cursor !== undefined && items.length < limit)
  return { registryUrl, items, nextCursor: cursor }
}
