import type { McpServer } from '@shared/mcp/server'
import { isValid, slotId, slotName, type Slot } from './serverEntries'
import { RegistryError } from './registryError'

/**
 * The rules of the list itself, apart from validating one server: unique ids and names, how
 * changes apply, what a new order must contain.
 */

/** The names and ids already taken, looked up in constant time (a batch of 10,000 is not 10,000 scans). */
export class TakenIds {
  private readonly names = new Set<string | undefined>()
  private readonly ids = new Map<string, string | undefined>()

  /** every entry of the list (valid or broken) but `self`, the one being changed */
  constructor(slots: Slot[], self?: string) {
    for (const slot of slots) if (slotId(slot) !== self) this.take(slotId(slot), slotName(slot))
  }

  take(id: string, name: string | undefined): void {
    this.names.add(name)
    this.ids.set(id, name)
  }

  /** Throws when another entry (or one taken earlier in the same call) has the server's id or name. */
  assertFree(server: McpServer): void {
    if (this.names.has(server.name)) throw new RegistryError('SERVER_EXISTS', `a server named "${server.name}" already exists`)
    if (this.ids.has(server.id)) {
      const name = this.ids.get(server.id)
      throw new RegistryError('SERVER_EXISTS', `a server named "${name ?? server.id}" already exists (id "${server.id}")`)
    }
  }
}

/** Throws when another entry (valid or broken) than `self` has the server's id or name. */
export function assertUnique(server: McpServer, slots: Slot[], self?: string): void {
  new TakenIds(slots, self).assertFree(server)
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
