import type { KnownRegistry } from '@shared/ipc/contract'
import { packageToolOf } from '@shared/mcp/packageTool'

/** The known registries worth offering for this command: its tool's, or all while that is unclear. */
export function registriesFor(command: string, known: KnownRegistry[]): KnownRegistry[] {
  const kind = packageToolOf(command)
  return kind ? known.filter((r) => r.kind === kind) : known
}

export const registryChoiceId = (registry: KnownRegistry) => `${registry.kind}|${registry.url}`
