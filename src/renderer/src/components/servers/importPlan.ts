import type { McpServer } from '@shared/mcp/server'

/** What to do when an imported server's name is already taken. */
export type DuplicatePolicy = 'rename' | 'skip'

export interface ImportPlanItem {
  /** the server as it will be added (renamed, fresh id) */
  server: McpServer
  /** its name in the pasted file */
  sourceName: string
  action: 'add' | 'rename' | 'skip'
}

const key = (name: string) => name.trim().toLowerCase()

/** "name (2)", "name (3)", … the first one no server uses yet. */
function freeName(name: string, taken: Set<string>): string {
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`
    if (!taken.has(key(candidate))) return candidate
  }
}

/**
 * Decides, before anything is saved, what each parsed server becomes: names are unique
 * (case-insensitively) across the list, ids never collide with a server already there.
 */
export function planImport(
  parsed: McpServer[],
  existing: McpServer[],
  policy: DuplicatePolicy,
  newId: () => string = () => crypto.randomUUID()
): ImportPlanItem[] {
  const takenNames = new Set(existing.map((s) => key(s.name)))
  const takenIds = new Set(existing.map((s) => s.id))
  return parsed.map((server) => {
    const sourceName = server.name
    const duplicate = takenNames.has(key(server.name))
    if (duplicate && policy === 'skip') return { server, sourceName, action: 'skip' }
    const name = duplicate ? freeName(server.name, takenNames) : server.name
    let id = server.id
    while (takenIds.has(id)) id = newId()
    takenNames.add(key(name))
    takenIds.add(id)
    return { server: { ...server, id, name }, sourceName, action: duplicate ? 'rename' : 'add' }
  })
}
