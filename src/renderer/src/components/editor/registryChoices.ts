import type { KnownRegistry } from '@shared/ipc/contract'

/** The package tool a command runs, as main applies `registryUrl` (npx and bunx: npm; uvx and uv: pip). */
export function registryKindOf(command: string): KnownRegistry['kind'] | undefined {
  const name = command.trim().split(/[\\/]/).pop()?.replace(/\.(cmd|exe)$/i, '').toLowerCase() ?? ''
  if (name === 'npx' || name === 'bunx' || name === 'bun') return 'npm'
  if (name === 'uvx' || name === 'uv') return 'pip'
  return undefined
}

/** The known registries worth offering for this command: its tool's, or all while that is unclear. */
export function registriesFor(command: string, known: KnownRegistry[]): KnownRegistry[] {
  const kind = registryKindOf(command)
  return kind ? known.filter((r) => r.kind === kind) : known
}

export const registryChoiceId = (registry: KnownRegistry) => `${registry.kind}|${registry.url}`
