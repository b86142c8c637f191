/**
 * Function-call names for MCP tools (X7): `mcp__{camel(server)}__{camel(tool)}`, at most 63
 * characters of [A-Za-z0-9_], which every model provider accepts. A name that had to be cut, or
 * that lost characters (non-ASCII, e.g. Chinese), gets a short hash of the original instead, so
 * two different tools never collapse into one id.
 */

export const MAX_TOOL_NAME_LENGTH = 63
const PREFIX = 'mcp__'

/** FNV-1a (32 bit) in base 36: short, stable across runs and platforms, no crypto needed. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36).padStart(7, '0')
}

/** `get-sum` → `getSum`; reports whether anything but separators was lost on the way. */
export function toCamelIdentifier(name: string): { ident: string; lossy: boolean } {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean)
  const ident = words
    .map((word, i) => (i === 0 ? word[0].toLowerCase() + word.slice(1) : word[0].toUpperCase() + word.slice(1)))
    .join('')
  // separators are ASCII punctuation/space; anything else dropped (e.g. 天气) makes the result lossy
  const lossy = /[^\x20-\x7e]/.test(name) || ident.length === 0
  return { ident, lossy }
}

export function buildFunctionCallToolName(serverName: string, toolName: string): string {
  const { base, exact } = baseName(serverName, toolName)
  return exact ? base : withSuffix(base, shortHash(`${serverName}\u0000${toolName}`))
}

function baseName(serverName: string, toolName: string): { base: string; exact: boolean } {
  const server = toCamelIdentifier(serverName)
  const tool = toCamelIdentifier(toolName)
  const base = `${PREFIX}${server.ident}__${tool.ident}`
  return { base, exact: !server.lossy && !tool.lossy && base.length <= MAX_TOOL_NAME_LENGTH }
}

function withSuffix(base: string, suffix: string): string {
  const tail = `_${suffix}`
  return base.slice(0, MAX_TOOL_NAME_LENGTH - tail.length) + tail
}

/**
 * Ids for one server's whole tool list, unique within it: `get-sum` and `get_sum` camel-case to
 * the same id, so the later one is told apart by a hash of its exact name (then a counter).
 */
export function buildToolIds(serverName: string, toolNames: readonly string[]): string[] {
  const used = new Set<string>()
  return toolNames.map((toolName) => {
    let id = buildFunctionCallToolName(serverName, toolName)
    if (used.has(id)) {
      // a hash of the exact name tells it apart; a counter covers the (unlikely) hash collision
      const hashed = withSuffix(baseName(serverName, toolName).base, shortHash(`${serverName}\u0000${toolName}\u0000dup`))
      id = hashed
      for (let n = 2; used.has(id); n++) id = withSuffix(hashed, String(n))
    }
    used.add(id)
    return id
  })
}

/** Inverts ids through a lookup of the tools they were built from (ids are not reversible). */
export function createToolNameLookup<T extends { id: string; name: string; serverId: string }>(tools: readonly T[]) {
  const byId = new Map(tools.map((tool) => [tool.id, tool]))
  return (id: string): T | undefined => byId.get(id)
}
