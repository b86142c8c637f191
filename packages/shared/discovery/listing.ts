import { EntryProblem } from './entryChecks'
import { planInstall, type InstallPlan } from './installPlan'
import type { ServerJson } from './serverJson'

/** one search result: its review, or why it cannot be added (shown, with the add refused) */
export type DiscoveryListing = { ok: true; name: string; plan: InstallPlan } | { ok: false; name: string; version?: string; problem: string }

export interface DiscoverySearchResult {
  registryUrl: string
  items: DiscoveryListing[]
  /** the opaque cursor of the next page; absent on the last */
  nextCursor?: string
}

export function listingOf(server: ServerJson): DiscoveryListing {
  try {
    return { ok: true, name: server.name, plan: planInstall(server) }
  } catch (error) {
    if (error instanceof EntryProblem) return { ok: false, name: server.name, version: server.version, problem: error.message }
    throw error
  }
}

/** an MCP Registry the user searches */
export interface RegistrySource {
  url: string
  /** set by MCP_REGISTRY_URL in the environment the app started with: shown, not editable */
  fromEnvironment: boolean
  /** the default this build was packaged with: shown, not removable */
  packaged?: boolean
}
