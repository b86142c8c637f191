import type { McpServer } from './server'

/**
 * What main's ServerRegistry tells every window (`servers:changed`, `servers:list`): the one
 * server list, in the user's order, with each server's approval and any entries it could not read.
 */
export interface ServersSnapshot {
  /** every valid server, in the order the user sees them */
  servers: McpServer[]
  /** server id → true when the user approved the exact target it has now */
  approved: Record<string, boolean>
  /** entries of the saved file that failed validation: shown as broken, kept until fixed or deleted */
  broken: BrokenServer[]
  /** set when the saved file could not be read at start: it was set aside, never overwritten */
  notice?: RegistryNotice
}

export interface BrokenServer {
  /** the entry's id when it has a usable one, else a stable made-up one (`broken-N`) */
  id: string
  /** its name when it has one */
  name?: string
  /** the first validation problems, `field: message` */
  message: string
  /** the entry as stored (secrets redacted), for the user to fix */
  raw: unknown
}

export interface RegistryNotice {
  /**
   * DAMAGED: it could not be parsed and was set aside; UNREADABLE: the app may not read it (left in
   * place, changes refused); PERMISSIONS_FIXED: others could read it, now only the user can
   */
  code: 'REGISTRY_DAMAGED' | 'REGISTRY_UNREADABLE' | 'REGISTRY_PERMISSIONS_FIXED'
  /** where the file is now (a damaged one: where it was moved) */
  keptAs: string
  /** what was wrong, in English */
  detail: string
}

