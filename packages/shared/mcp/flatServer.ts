import type { AnyKindFields, McpServer, McpServerType, McpServerUi } from './server'

/**
 * The flat shape: how version 1 of the registry file stored a server, and the vocabulary other
 * hosts' configs, deep links and exports speak (`command`, `url`, `description`, `disabledTools`
 * side by side). The model nests it by kind; these two functions are the only bridge, so the
 * outside formats stay exactly as they were.
 */
type Loose = Record<string, unknown>

const isLoose = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value)

const UI_FIELDS = ['description', 'displayName', 'provider', 'providerUrl', 'logoUrl', 'tags'] as const
const TOOL_FIELDS = { disabledTools: 'disabled', autoApproveTools: 'autoApprove', disabledAutoApproveTools: 'askFirst' } as const
const LAUNCH_FIELDS = {
  stdio: ['command', 'args', 'env', 'cwd', 'registryUrl', 'dxtPath', 'dxtVersion', 'userConfig'],
  http: ['baseUrl', 'headers', 'oauth'],
  inMemory: ['args', 'env']
} as const
const ALL_LAUNCH: ReadonlySet<string> = new Set(Object.values(LAUNCH_FIELDS).flat())
const FLAT_ONLY: ReadonlySet<string> = new Set([...UI_FIELDS, ...Object.keys(TOOL_FIELDS), ...ALL_LAUNCH])

/**
 * A flat entry → the model's shape, loose (validation follows and names what is wrong). The kind
 * is the one the flat entry ran as: its `type`, else a command without a URL is stdio and a URL
 * is HTTP with the protocol detected. A launch field left unset becomes empty, so the connect
 * says what to set, as it did. Fields of another kind than the entry's were never used, and go.
 */
export function fromFlat(entry: unknown): unknown {
  if (!isLoose(entry)) return entry
  const type =
    typeof entry.type === 'string' ? entry.type : typeof entry.command === 'string' && entry.baseUrl === undefined ? 'stdio' : entry.baseUrl !== undefined ? 'httpAuto' : 'stdio'
  const out: Loose = Object.fromEntries(Object.entries(entry).filter(([key, value]) => !FLAT_ONLY.has(key) && value !== undefined))
  out.type = type
  const launch: readonly string[] = type === 'stdio' ? LAUNCH_FIELDS.stdio : type === 'inMemory' ? LAUNCH_FIELDS.inMemory : LAUNCH_FIELDS.http
  for (const key of launch) if (entry[key] !== undefined) out[key] = entry[key]
  if (type === 'stdio' && out.command === undefined) out.command = ''
  if ((type === 'streamableHttp' || type === 'sse' || type === 'httpAuto') && out.baseUrl === undefined) out.baseUrl = ''
  const ui = Object.fromEntries(UI_FIELDS.filter((key) => entry[key] !== undefined).map((key) => [key, entry[key]]))
  if (Object.keys(ui).length) out.ui = { ...(isLoose(entry.ui) ? entry.ui : {}), ...ui }
  const tools = Object.fromEntries(
    Object.entries(TOOL_FIELDS)
      .filter(([flat]) => entry[flat] !== undefined)
      .map(([flat, nested]) => [nested, entry[flat]])
  )
  if (Object.keys(tools).length) out.tools = { ...(isLoose(entry.tools) ? entry.tools : {}), ...tools }
  return out
}

/** The flat view of a server, for the outside formats (an export, the CLI's listing); `type` absent where the protocol is detected. */
export type FlatServer = Omit<AnyKindFields, 'ui' | 'tools' | 'type'> &
  McpServerUi & {
    type?: Exclude<McpServerType, 'httpAuto'>
    disabledTools?: string[]
    autoApproveTools?: string[]
    disabledAutoApproveTools?: string[]
  }

export function toFlat(server: McpServer): FlatServer {
  const { ui, tools, ...rest } = server
  return {
    ...rest,
    type: server.type === 'httpAuto' ? undefined : server.type,
    ...ui,
    disabledTools: tools?.disabled,
    autoApproveTools: tools?.autoApprove,
    disabledAutoApproveTools: tools?.askFirst
  }
}
