import type { McpServer } from '@shared/mcp/server'
import { isValid, slotId, slotName, type Slot } from './serverEntries'
import { RegistryError } from './registryError'

/**
 * The rules of the list itself, apart from validating one server: unique ids and names, how
 * changes apply, what a new order must contain.
 */

/** Throws when another entry (valid or broken, or earlier in the same call) has the server's id or name. */
export function assertUnique(server: McpServer, slots: Slot[], self?: string, batch: McpServer[] = []): void {
  const others = [
    ...slots.filter((slot) => slotId(slot) !== self).map((slot) => ({ id: slotId(slot), name: slotName(slot) })),
    ...batch.map(({ id, name }) => ({ id, name }))
  ]
  if (others.some((other) => other.name === server.name)) throw new RegistryError('SERVER_EXISTS', `a server named "${server.name}" already exists`)
  const sameId = others.find((other) => other.id === server.id)
  if (sameId) throw new RegistryError('SERVER_EXISTS', `a server named "${sameId.name ?? sameId.id}" already exists (id "${server.id}")`)
}

/** `changes` over `server`: the id never changes, a key set to `undefined` is removed. Not validated yet. */
export function applyChanges(server: McpServer, changes: object): Record<string, unknown> {
  const candidate: Record<string, unknown> = { ...server }
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'id') continue
    if (value === undefined) delete candidate[key]
    else candidate[key] = value
  }
  return candidate
}

/** The valid servers in the order of `ids` (exactly their ids), broken entries after them. */
export function reorderSlots(slots: Slot[], ids: string[]): Slot[] {
  const valid = slots.filter(isValid)
  const byId = new Map(valid.map((slot) => [slot.server.id, slot]))
  if (ids.length !== valid.length || new Set(ids).size !== ids.length || !ids.every((id) => byId.has(id))) {
    throw new RegistryError('INVALID_ORDER', `reorder needs exactly the ids of the ${valid.length} current servers, each once`)
  }
  return [...ids.map((id) => byId.get(id)!), ...slots.filter((slot) => !isValid(slot))]
}
