import type { TFunction } from 'i18next'
import { CATALOGUE_TEXT_EN } from '@shared/mcp/catalogueText'
import type { McpServer } from '@shared/mcp/server'
import { builtinEntryOf } from '@shared/mcp/serverCatalogue'

/**
 * The name a person reads: the user's own display name, else a built-in's title from the
 * catalogue in the user's language ("Memory", "记忆"), else the server's name.
 */
export function serverDisplayName(server: McpServer, t: TFunction): string {
  if (server.ui?.displayName?.trim()) return server.ui.displayName.trim()
  const entry = builtinEntryOf(server)
  return entry ? t(`catalogueEntries.${entry.key}.title`) : server.name
}

/** The description, translated when it is still the catalogue's own English text. */
export function serverDescription(server: McpServer, t: TFunction): string | undefined {
  const entry = builtinEntryOf(server)
  if (entry && server.ui?.description === CATALOGUE_TEXT_EN[entry.key].description) return t(`catalogueEntries.${entry.key}.description`)
  return server.ui?.description
}
