/**
 * Function-call names for MCP tools: `mcp__{camel(server)}__{camel(tool)}`, at most 63
 * characters of [A-Za-z0-9_], which every model provider accepts.
 *
 * An id is a pure function of (server name, tool name): it never depends on the other tools or
 * their order, so it stays the same across list_changed and restarts. That decides who keeps the
 * bare readable id: only a tool name that camel-casing leaves untouched (ASCII letters and digits
 * only, e.g. `getWeather`). Any other name (`get-weather`, `get_weather`, `天气`, `🌤️`, or one
 * too long to fit) keeps its camel form as a readable prefix and gets `_` plus a hash of its exact
 * name. A bare tool part never contains `_` and a hashed one always does, so the two kinds can
 * never meet, and two hashed names differ in their hash.
 */

export const MAX_TOOL_NAME_LENGTH = 63
const PREFIX = 'mcp__'
const SEPARATOR = '__'
/** the server part is capped so every tool keeps at least 32 characters of its own */
const MAX_SERVER_PART = 24
const TOOL_HASH_LENGTH = 8
const SERVER_HASH_LENGTH = 6
/** what a hashed name shows when camel-casing left nothing readable (Chinese, emoji) */
const EMPTY_READABLE = 'tool'
const ALNUM_ONLY = /^[A-Za-z0-9]+$/

/**
 * cyrb53 (public domain): a 53-bit string hash, stable across runs and platforms, no crypto
 * needed, so it runs the same in main and the renderer. In base 36, `length` characters.
 */
export function shortHash(text: string, length = TOOL_HASH_LENGTH): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0)
  return value.toString(36).padStart(11, '0').slice(-length)
}

/**
 * `get-sum` → `getSum`, `read file` → `readFile`: ASCII letters and digits kept, every other
 * character treated as a word break. `lossy` when something other than ASCII separators was lost.
 */
export function toCamelIdentifier(name: string): { ident: string; lossy: boolean } {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean)
  const ident = words.map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1))).join('')
  // separators are ASCII punctuation/space; anything else dropped (e.g. 天气) makes the result lossy
  const lossy = /[^\x20-\x7e]/.test(name) || ident.length === 0
  return { ident, lossy }
}

/** The server's part: its camel form, or a cut camel form plus a hash when it is long or non-ASCII. */
function serverPart(serverName: string): string {
  const { ident, lossy } = toCamelIdentifier(serverName)
  if (!lossy && ident.length <= MAX_SERVER_PART) return ident
  const readable = ident.slice(0, MAX_SERVER_PART - SERVER_HASH_LENGTH - 1) || 's'
  return `${readable}_${shortHash(serverName, SERVER_HASH_LENGTH)}`
}

export function buildFunctionCallToolName(serverName: string, toolName: string): string {
  const prefix = `${PREFIX}${serverPart(serverName)}${SEPARATOR}`
  const room = MAX_TOOL_NAME_LENGTH - prefix.length
  if (ALNUM_ONLY.test(toolName) && toolName.length <= room) return prefix + toolName
  const hash = shortHash(`${serverName}\u0000${toolName}`)
  const readable = (toCamelIdentifier(toolName).ident || EMPTY_READABLE).slice(0, room - hash.length - 1)
  return `${prefix}${readable}_${hash}`
}

/** Ids for one server's tool list, in the same order (each id on its own, see above). */
export function buildToolIds(serverName: string, toolNames: readonly string[]): string[] {
  return toolNames.map((toolName) => buildFunctionCallToolName(serverName, toolName))
}

/** Ids are not reversible: they map back through the tools they were built from. */
export function parseFunctionCallToolName<T extends { id: string }>(id: string, tools: readonly T[]): T | undefined {
  return tools.find((tool) => tool.id === id)
}

/** The same inversion as a prebuilt map, for callers that resolve many ids against one list. */
export function createToolNameLookup<T extends { id: string }>(tools: readonly T[]) {
  const byId = new Map(tools.map((tool) => [tool.id, tool]))
  return (id: string): T | undefined => byId.get(id)
}
