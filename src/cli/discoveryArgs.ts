import { usageError } from './errors'

/** `registry search|add`: servers in an MCP Registry (not MCP Studio's own saved list) */
export type DiscoveryCommand =
  | { name: 'registry'; action: 'search'; term: string; registryUrl?: string; limit: number; json: boolean }
  | { name: 'registry'; action: 'add'; server: string; registryUrl?: string; version?: string; json: boolean }

export const DISCOVERY_USAGE = 'usage: cli registry search TERM [--registry URL] [--limit N] [--json] | cli registry add NAME [--registry URL] [--version V] [--input KEY=VALUE]... [--json]'

/** the flags only `registry` takes */
export const DISCOVERY_OPTIONS = {
  registry: { type: 'string' },
  limit: { type: 'string' },
  version: { type: 'string' }
} as const

export function parseDiscovery(rest: string[], values: { registry?: string; limit?: string; version?: string; input?: string[] }, json: boolean): DiscoveryCommand {
  const [action, target, ...extra] = rest
  if (target === undefined || extra.length || (action !== 'search' && action !== 'add')) throw usageError(DISCOVERY_USAGE)
  if (values.registry !== undefined && !values.registry.trim()) throw usageError('--registry needs the MCP Registry\'s address, such as https://registry.example.com')
  if (action === 'search') {
    if (values.version !== undefined || values.input?.length) throw usageError(`--version and --input apply to "registry add" only; ${DISCOVERY_USAGE}`)
    let limit = 100
    if (values.limit !== undefined) {
      limit = Number(values.limit)
      if (!Number.isInteger(limit) || limit < 1) throw usageError(`--limit needs a whole number of at least 1, got "${values.limit}"`)
    }
    return { name: 'registry', action, term: target, registryUrl: values.registry, limit, json }
  }
  if (values.limit !== undefined) throw usageError(`--limit applies to "registry search" only; ${DISCOVERY_USAGE}`)
  if (values.version !== undefined && !values.version.trim()) throw usageError('--version needs a version, such as 1.2.0')
  return { name: 'registry', action, server: target, registryUrl: values.registry, version: values.version, json }
}

/** --registry, --limit and --version belong to `registry`: anywhere else they are refused */
export function refuseDiscoveryFlags(command: string, values: { registry?: string; limit?: string; version?: string }): void {
  for (const flag of ['registry', 'limit', 'version'] as const) {
    if (values[flag] !== undefined) throw usageError(`--${flag} applies to "registry" only, not "${command}"; ${DISCOVERY_USAGE}`)
  }
}
