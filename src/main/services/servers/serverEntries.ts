import { ZodError, type z } from 'zod'
import type { BrokenServer } from '@shared/mcp/registry'
import { McpServerCommonSchema, McpServerSchema, type McpServer } from '@shared/mcp/server'
import { openSecrets, redactSecrets, sealSecrets } from './secretFields'
import { isObject } from './loose'
import { RegistryError } from './registryError'

/**
 * One place of the user's list: a valid server, or an entry that failed validation. A broken
 * entry keeps the exact form it was stored in, so writing the file back never loses it.
 */
export type Slot = { server: McpServer } | { broken: BrokenServer; stored: unknown }

export const isValid = (slot: Slot): slot is { server: McpServer } => 'server' in slot
export const slotId = (slot: Slot): string => (isValid(slot) ? slot.server.id : slot.broken.id)
export const slotName = (slot: Slot): string | undefined => (isValid(slot) ? slot.server.name : slot.broken.name)

/** The first validation problems as `field: message`, joined by `; `. */
export function issuesText(error: z.ZodError, max = 3): string {
  return error.issues
    .slice(0, max)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : 'entry'}: ${issue.message}`)
    .join('; ')
}

/** What the user sees of an entry that could not be read; `index` makes an id when it has none. */
export function brokenServer(stored: unknown, index: number, message: string): BrokenServer {
  const loose = isObject(stored) ? stored : {}
  const id = typeof loose.id === 'string' && loose.id ? loose.id : `broken-${index}`
  const name = typeof loose.name === 'string' && loose.name ? loose.name : undefined
  return { id, ...(name ? { name } : {}), message, raw: redactSecrets(stored) }
}

/**
 * The entry checked as a server. A kind that is not one hides every other problem from the union,
 * so then the fields all kinds share are checked too and named first.
 */
function checkServer(entry: unknown): z.ZodSafeParseResult<McpServer> {
  const parsed = McpServerSchema.safeParse(entry)
  if (parsed.success || !parsed.error.issues.some((issue) => issue.path.length === 1 && issue.path[0] === 'type')) return parsed
  const common = McpServerCommonSchema.safeParse(entry)
  return common.success ? parsed : { success: false, error: new ZodError([...common.error.issues, ...parsed.error.issues]) as z.ZodError<McpServer> }
}

function readEntry(stored: unknown, index: number, decrypt?: (cipher: string) => string): Slot {
  const { entry, problems } = openSecrets(stored, decrypt)
  if (problems.length) return { broken: brokenServer(stored, index, problems.join('; ')), stored }
  const parsed = checkServer(entry)
  if (parsed.success) return { server: parsed.data }
  return { broken: brokenServer(stored, index, issuesText(parsed.error)), stored }
}

/**
 * Stored entries → slots, in order. Each entry is validated on its own; a second entry with an id
 * already taken is broken too (ids must be unique for approvals and every lookup).
 */
export function readEntries(entries: unknown[], decrypt?: (cipher: string) => string): Slot[] {
  const taken = new Set<string>()
  return entries.map((stored, index) => {
    let slot = readEntry(stored, index, decrypt)
    const id = slotId(slot)
    if (taken.has(id)) {
      const broken = brokenServer(stored, index, `id: another server already has the id "${id}"`)
      slot = { broken: { ...broken, id: `broken-${index}` }, stored }
    }
    taken.add(slotId(slot))
    return slot
  })
}

/** The slot as it goes into the file: secrets sealed when the platform can. */
export function storedEntry(slot: Slot, encrypt?: (plain: string) => string): unknown {
  return sealSecrets(isValid(slot) ? slot.server : slot.stored, encrypt)
}

/** Validates one server handed in by a caller; the Error names the server and the field. */
export function parseServer(input: unknown, label: string): McpServer {
  const parsed = checkServer(input)
  if (parsed.success) return parsed.data
  throw new RegistryError('INVALID_SERVER', `server "${label}": ${issuesText(parsed.error)}`)
}

/** A caller's name for an input in messages: its name, else its position. */
export function labelOf(input: unknown, index: number): string {
  const name = isObject(input) ? input.name : undefined
  return typeof name === 'string' && name ? name : `#${index + 1}`
}
